package io.wirecost.cli.bench;

import java.io.ByteArrayOutputStream;
import java.io.ObjectOutputStream;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Pattern;

/**
 * A synthetic, deliberately varied workload for recording benchmarks: two threads recurse to random
 * depths and end in different JDK code (maps, strings, regex, sorting, big integers, serialization),
 * so a recording of it has thousands of distinct stacks, like a real service. With {@code few}, one thread
 * spins in two small methods instead: a recording of it has a handful of distinct stacks and, sampled
 * often, millions of samples of them, the other shape a recording takes.
 * Usage: {@code Workload SECONDS [few]}.
 */
public final class Workload {

    private static final Pattern WORDS = Pattern.compile("(\\w+)@(\\w+)\\.com");
    private static volatile long sink;

    private Workload() {}

    public static void main(String[] args) throws Exception {
        long end = System.nanoTime() + (long) (Double.parseDouble(args[0]) * 1e9);
        if (args.length > 1 && args[1].equals("few")) {
            while (System.nanoTime() < end) sink += spin(1 + (sink & 1));
            System.out.println(sink == 42 ? "" : "done");
            return;
        }
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 2; t++) {
            int seed = t;
            Thread th = new Thread(
                    () -> {
                        Random r = new Random(seed);
                        while (System.nanoTime() < end) sink += recurse(r, r.nextInt(24));
                    },
                    "workload-" + t);
            th.start();
            threads.add(th);
        }
        for (Thread th : threads) th.join();
        System.out.println(sink == 42 ? "" : "done");
    }

    private static long recurse(Random r, int depth) {
        if (depth > 0) return (depth % 3 == 0 ? left(r, depth - 1) : right(r, depth - 1)) + 1;
        switch (r.nextInt(6)) {
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
            case 2:
                return WORDS.matcher("alice@example.com bob@test.com carol@mail.com")
                        .results()
                        .count();
            case 3: {
                int[] a = r.ints(500).toArray();
                Arrays.sort(a);
                return a[0];
            }
            case 4:
                return BigInteger.valueOf(r.nextLong()).pow(8).bitLength();
            default:
                try (ByteArrayOutputStream b = new ByteArrayOutputStream();
                        ObjectOutputStream o = new ObjectOutputStream(b)) {
                    o.writeObject(new ArrayList<>(List.of("a", "b", r.nextInt())));
                    return b.size();
                } catch (Exception e) {
                    return 0;
                }
        }
    }

    private static long spin(long seed) {
        long x = seed;
        for (int i = 0; i < 100_000; i++) x = mix(x);
        return x;
    }

    private static long mix(long x) {
        return x * 6364136223846793005L + 1442695040888963407L ^ (x >>> 29);
    }

    private static long left(Random r, int depth) {
        return recurse(r, depth);
    }

    private static long right(Random r, int depth) {
        return recurse(r, depth);
    }
}
