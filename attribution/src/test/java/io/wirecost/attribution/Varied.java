package io.wirecost.attribution;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A recorded program with many distinct stacks that recur: threads recurse to random depths, the path down
 * fixed by the depth, and end in different JDK code (maps, strings, sorting, big integers), so each of some
 * hundreds of stacks is sampled again and again through a recording.
 */
final class Varied {

    private static volatile long blackhole;

    private Varied() {}

    static void run(long millis) throws InterruptedException {
        long end = System.nanoTime() + millis * 1_000_000;
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 3; t++) {
            int seed = t;
            Thread th = new Thread(() -> {
                Random r = new Random(seed);
                long total = 0;
                while (System.nanoTime() < end) total += recurse(r, r.nextInt(20));
                blackhole = total;
            });
            th.start();
            threads.add(th);
        }
        for (Thread th : threads) th.join();
    }

    private static long recurse(Random r, int depth) {
        if (depth > 0) return (depth % 3 == 0 ? left(r, depth - 1) : right(r, depth - 1)) + 1;
        switch (r.nextInt(4)) {
            case 0: {
                Map<Integer, String> m = new HashMap<>();
                for (int i = 0; i < 200; i++) m.put(r.nextInt(1000), "v" + i);
                return m.size();
            }
            case 1: {
                StringBuilder sb = new StringBuilder();
                for (int i = 0; i < 100; i++) sb.append(r.nextInt()).append(',');
                return sb.toString().hashCode();
            }
            case 2: {
                int[] a = r.ints(500).toArray();
                Arrays.sort(a);
                return a[0];
            }
            default:
                return BigInteger.valueOf(r.nextLong()).pow(8).bitLength();
        }
    }

    private static long left(Random r, int depth) {
        return recurse(r, depth);
    }

    private static long right(Random r, int depth) {
        return recurse(r, depth);
    }
}
