/* The one qualifier of code shared by host C and CUDA device code: GSAT_HD marks
 * a function that compiles as static inline C and as a __host__ __device__
 * CUDA function.  The base floor (ARCHITECTURE.md, "Who may include whom"):
 * this header includes nothing. */
#ifndef GSAT_BASE_HD_H
#define GSAT_BASE_HD_H

#if defined(__CUDACC__)
#define GSAT_HD __host__ __device__ __forceinline__
#else
#define GSAT_HD static inline
#endif

#endif
