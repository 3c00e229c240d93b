package io.wirecost.scenarios.payload;

import io.wirecost.scenarios.Operation;
import java.util.Random;

/**
 * The seeds' data, generated the same way in every JVM: seed 001 varied string lengths "randomly, using
 * identical random sequences in every test run", so every generator here draws from a {@link Random}
 * with a fixed seed. Sizes follow the paper: its Table 2 moved about 1.5 KB per call for four Data2
 * records and 10 KB for 32 (JRMP), about 300 bytes a record, so the four strings have 20 to 80
 * characters; a Data3 record is about 1 KB (customer, sales rep, address, one to three orders).
 */
public final class PayloadData {

    private static final String[] MONTHS = {
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December"
    };

    private PayloadData() {}

    public static String string(int length) {
        return Operation.payloadString(length);
    }

    public static Data2[] data2(int count) {
        Random r = new Random(2005);
        Data2[] out = new Data2[count];
        for (int i = 0; i < count; i++) {
            String[] s = new String[4];
            for (int j = 0; j < 4; j++) s[j] = text(r, 20 + r.nextInt(60));
            double[] d = new double[8];
            for (int j = 0; j < 8; j++) d[j] = r.nextDouble() * 1e6;
            out[i] = new Data2(r.nextLong(), s, d);
        }
        return out;
    }

    /** Customer record {@code index}: the same record whatever array it appears in. */
    public static Data3 data3(int index) {
        Random r = new Random(2005L * 31 + index);
        Address a = new Address(
                1000 + r.nextInt(9000),
                "Unit " + (1 + r.nextInt(200)),
                text(r, 40 + r.nextInt(40)),
                text(r, 10 + r.nextInt(20)),
                text(r, 8 + r.nextInt(10)));
        Order[] orders = new Order[1 + r.nextInt(3)];
        for (int i = 0; i < orders.length; i++) {
            orders[i] = new Order(
                    new SimpleDate(1 + r.nextInt(28), MONTHS[r.nextInt(12)], 2000 + r.nextInt(6)),
                    text(r, 120 + r.nextInt(100)),
                    1 + r.nextInt(100));
        }
        return new Data3(
                "customer-" + index + " " + text(r, 100 + r.nextInt(100)),
                "salesrep " + text(r, 40 + r.nextInt(40)),
                a,
                orders);
    }

    public static Data3[] data3s(int count) {
        Data3[] out = new Data3[count];
        for (int i = 0; i < count; i++) out[i] = data3(i);
        return out;
    }

    public static int[] ints(int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) a[i] = i * 7919 + 1;
        return a;
    }

    /** Seed 003's service: the array inverted (reversed). */
    public static int[] invert(int[] a) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) out[i] = a[a.length - 1 - i];
        return out;
    }

    /** ISO-Latin letters and spaces (seed 001: "default ISO-Latin font"), so no encoding doubles a byte. */
    private static String text(Random r, int length) {
        char[] c = new char[length];
        for (int i = 0; i < length; i++) c[i] = i % 7 == 6 ? ' ' : (char) ('a' + r.nextInt(26));
        return new String(c);
    }
}
