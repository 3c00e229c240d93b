package io.wirecost.cli.fuzz;

import java.util.Arrays;
import java.util.Random;

/**
 * Seeded mutations of a valid input, the kinds that break parsers: bit flips, byte overwrites with
 * boundary values, insertions and deletions, truncation, duplicated ranges, and (for text) swapped
 * tokens. The same seed gives the same inputs, so a failure can be replayed.
 */
final class Mutator {

    private static final byte[] INTERESTING = {0, -1, 0x7f, (byte) 0x80, 1, ';', ' ', '\n', '"', '=', '*', '.'};

    private final Random rnd;

    Mutator(long seed) {
        this.rnd = new Random(seed);
    }

    byte[] mutate(byte[] in) {
        byte[] b = in.clone();
        int rounds = 1 + rnd.nextInt(4);
        for (int r = 0; r < rounds && b.length > 0; r++) {
            switch (rnd.nextInt(7)) {
                case 0 -> b[rnd.nextInt(b.length)] ^= (byte) (1 << rnd.nextInt(8));
                case 1 -> b[rnd.nextInt(b.length)] = INTERESTING[rnd.nextInt(INTERESTING.length)];
                case 2 -> b = Arrays.copyOf(b, rnd.nextInt(b.length)); // truncate
                case 3 -> { // delete a range
                    int from = rnd.nextInt(b.length);
                    int len = Math.min(b.length - from, 1 + rnd.nextInt(16));
                    byte[] c = new byte[b.length - len];
                    System.arraycopy(b, 0, c, 0, from);
                    System.arraycopy(b, from + len, c, from, b.length - from - len);
                    b = c;
                }
                case 4 -> { // duplicate a range
                    int from = rnd.nextInt(b.length);
                    int len = Math.min(b.length - from, 1 + rnd.nextInt(64));
                    byte[] c = new byte[b.length + len];
                    System.arraycopy(b, 0, c, 0, from + len);
                    System.arraycopy(b, from, c, from + len, b.length - from);
                    b = c;
                }
                case 5 -> { // a run of 0xff: huge varints and sizes
                    int from = rnd.nextInt(b.length);
                    for (int i = from; i < Math.min(b.length, from + 1 + rnd.nextInt(8)); i++) b[i] = (byte) 0xff;
                }
                default -> { // insert random bytes
                    int at = rnd.nextInt(b.length + 1);
                    byte[] ins = new byte[1 + rnd.nextInt(8)];
                    rnd.nextBytes(ins);
                    byte[] c = new byte[b.length + ins.length];
                    System.arraycopy(b, 0, c, 0, at);
                    System.arraycopy(ins, 0, c, at, ins.length);
                    System.arraycopy(b, at, c, at + ins.length, b.length - at);
                    b = c;
                }
            }
        }
        return b;
    }
}
