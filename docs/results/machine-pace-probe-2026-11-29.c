// machine-pace probe: every PERIOD ms, run a fixed ALU chain and a fixed 4 MB pointer chase,
// print wall time and thread CPU ns of each. Duty ~1 %.
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <time.h>
#include <unistd.h>
static uint64_t ns(clockid_t c){struct timespec t;clock_gettime(c,&t);return t.tv_sec*1000000000ull+t.tv_nsec;}
int main(int argc,char**argv){
  int period=argc>1?atoi(argv[1]):250;
  size_t n=(4u<<20)/sizeof(size_t); size_t *a=malloc(n*sizeof(size_t));
  for(size_t i=0;i<n;i++)a[i]=i; srand(7);
  for(size_t i=n-1;i>0;i--){size_t j=rand()%i; size_t t=a[i];a[i]=a[j];a[j]=t;} // Sattolo: one cycle
  volatile uint64_t sink=0;
  setvbuf(stdout,NULL,_IOLBF,0);
  for(;;){
    uint64_t w=ns(CLOCK_REALTIME);
    uint64_t c0=ns(CLOCK_THREAD_CPUTIME_ID);
    uint64_t x=88172645463325252ull, acc=0;
    for(int i=0;i<500000;i++){x^=x<<13;x^=x>>7;x^=x<<17;acc+=x*0x9E3779B97F4A7C15ull;}
    sink+=acc;
    uint64_t c1=ns(CLOCK_THREAD_CPUTIME_ID);
    size_t p=0; for(int i=0;i<20000;i++)p=a[p]; sink+=p;
    uint64_t c2=ns(CLOCK_THREAD_CPUTIME_ID);
    printf("%.3f %lu %lu\n",w/1e9,(unsigned long)(c1-c0),(unsigned long)(c2-c1));
    usleep(period*1000);
  }
}
