#!/bin/bash
# Copies gsat and the Open MPI runtime it needs (Debian's openmpi-bin 4.1:
# mpirun, the MPI libraries, the MCA components that need no network
# library beyond TCP and shared memory, PMIx, the help files) into DIR, for a
# machine without Open MPI (the lent GPU machine):
#   bench/device/mpi_bundle.sh GSAT DIR
# Then, on that machine, `source DIR/env.sh` and run mpirun_bundle (DIR/bin:
# the bundle's mpirun, relocated by OPAL_PREFIX and PMIX_PREFIX, which it
# passes to the ranks with -x).  About 25 MB.
set -eu
gsat=$1 dir=$2
ompi=/usr/lib/x86_64-linux-gnu/openmpi/lib/openmpi3
pmix=/usr/lib/x86_64-linux-gnu/pmix2
mkdir -p "$dir/bin" "$dir/lib" "$dir/lib/x86_64-linux-gnu/openmpi/lib/openmpi3" "$dir/etc" \
  "$dir/share" "$dir/pmix2/lib"
cp "$gsat" "$dir/bin/gsat"
cp "$(readlink -f "$(command -v mpirun)")" "$dir/bin/mpirun"
cp /usr/bin/orted "$dir/bin/orted"
# a component is taken when ldd finds nothing beyond these
ok='libc[.]|libm[.]|libevent|libudev|libopen-pal|libhwloc|libz[.]|libopen-rte|libmpi[.]|libmca_common_(ompio|sm|monitoring)|libpmix|libmunge|libnuma|libatomic|ld-linux|linux-vdso|libdl|libpthread|librt|libgcc_s|libcudart|libstdc'
libs=""
for f in "$ompi"/*.so; do
  deps=$(ldd "$f" | awk '/=>/ {print $1}')
  if ! echo "$deps" | grep -vqE "$ok"; then
    cp "$f" "$dir/lib/x86_64-linux-gnu/openmpi/lib/openmpi3/"
    libs+=" $(ldd "$f" | awk '/=> \// {print $3}')"
  fi
done
libs+=" $(ldd "$gsat" | awk '/=> \// {print $3}') $(ldd "$dir/bin/mpirun" | awk '/=> \// {print $3}')"
for l in $(echo $libs | tr ' ' '\n' | sort -u); do
  case $(basename "$l") in libc.so*|libm.so*|libpthread*|libdl*|librt*) continue ;; esac
  cp -L "$l" "$dir/lib/"
done
cp -r /usr/share/openmpi "$dir/share/openmpi"
cp -r "$pmix/lib/pmix" "$dir/pmix2/lib/pmix"
[ -d "$pmix/share" ] && cp -r "$pmix/share" "$dir/pmix2/share"
cp /etc/openmpi/openmpi-mca-params.conf "$dir/etc/" 2>/dev/null || true
cat >"$dir/env.sh" <<'ENV'
# source this: the bundle's Open MPI, relocated
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
export OPAL_PREFIX=$here OPAL_SYSCONFDIR=$here/etc OPAL_PKGDATADIR=$here/share/openmpi
export PMIX_PREFIX=$here/pmix2 PMIX_INSTALL_PREFIX=$here/pmix2
export PMIX_MCA_mca_base_component_path=$here/pmix2/lib/pmix HWLOC_PLUGINS_PATH=$here/none
export LD_LIBRARY_PATH=$here/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export PATH=$here/bin:$PATH
ENV
# mpirun_bundle: the bundle's mpirun with the environment passed to the ranks
cat >"$dir/bin/mpirun_bundle" <<'RUN'
#!/bin/bash
exec "$(dirname "$0")/mpirun" --allow-run-as-root --oversubscribe -q --mca btl self,vader \
  -x OPAL_PREFIX -x OPAL_SYSCONFDIR -x OPAL_PKGDATADIR -x PMIX_PREFIX -x PMIX_INSTALL_PREFIX \
  -x PMIX_MCA_mca_base_component_path -x HWLOC_PLUGINS_PATH -x LD_LIBRARY_PATH -x PATH "$@"
RUN
chmod +x "$dir/bin/mpirun_bundle"
du -sh "$dir"
