// A random pointer chase over N MB (one dependent load per cache line), pages advised huge or not; prints ns per
// load. A probe of the machine's memory latency beside the default runs of 2026-11-28 (docs/RESULTS.md, "After
// midnight"). Build and run: gcc -O2 -o chase chase-2026-11-28.c && taskset -c 1 ./chase 16 0 20000000
// (arguments: MB, 1 for MADV_HUGEPAGE or 0 for MADV_NOHUGEPAGE, loads timed).
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>
#include <string.h>
static double now(){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+t.tv_nsec*1e-9;}
int main(int argc,char**argv){
  size_t mb=atoi(argv[1]); int huge=atoi(argv[2]); long steps=atol(argv[3]);
  size_t n=mb*1024*1024/sizeof(size_t);
  size_t bytes=n*sizeof(size_t);
  size_t *a=mmap(NULL,bytes+(2<<20),PROT_READ|PROT_WRITE,MAP_PRIVATE|MAP_ANONYMOUS,-1,0);
  a=(size_t*)(((unsigned long)a+(2<<20)-1)&~((2UL<<20)-1));
  madvise(a,bytes,huge?MADV_HUGEPAGE:MADV_NOHUGEPAGE);
  // Sattolo's cycle over cache lines (8 words apart)
  size_t lines=n/8; size_t *perm=malloc(lines*sizeof(size_t));
  for(size_t i=0;i<lines;i++)perm[i]=i;
  srand(42);
  for(size_t i=lines-1;i>0;i--){size_t j=((size_t)rand()*RAND_MAX+rand())%i;size_t t=perm[i];perm[i]=perm[j];perm[j]=t;}
  for(size_t i=0;i<lines;i++)a[perm[i]*8]=perm[(i+1)%lines]*8;
  free(perm);
  size_t p=0; for(long i=0;i<steps/4;i++)p=a[p];
  double t0=now(); for(long i=0;i<steps;i++)p=a[p]; double t1=now();
  FILE*f=fopen("/proc/self/smaps_rollup","r");char l[256];long ah=0;while(fgets(l,256,f))if(!strncmp(l,"AnonHugePages:",14))ah=atol(l+14);
  printf("%zu MB huge=%d: %.1f ns/access (AnonHugePages %ld kB) %zu\n",mb,huge,(t1-t0)/steps*1e9,ah,p&1);
  return 0;
}
