package io.wirecost.diff;

import java.util.Arrays;
import java.util.Comparator;

/**
 * Holm's step-down correction: rejects hypotheses so that the chance of any false rejection among all
 * of them (the family-wise error rate) stays at most {@code alpha}, under any dependence between the
 * tests. The diff's lines are strongly dependent (one slow repetition moves every round trip of a
 * scenario), which Holm tolerates as it is; Benjamini-Hochberg's FDR would need positive dependence.
 * Hand-written: eight lines, and commons-math3 has no multiple-comparison procedures.
 */
public final class Holm {

    private Holm() {}

    /** Which of {@code p} are rejected at family-wise level {@code alpha}; NaN p-values are never rejected and not counted. */
    public static boolean[] reject(double[] p, double alpha) {
        Integer[] order = new Integer[p.length];
        for (int i = 0; i < p.length; i++) order[i] = i;
        Arrays.sort(order, Comparator.comparingDouble(i -> Double.isNaN(p[i]) ? Double.POSITIVE_INFINITY : p[i]));
        long m = Arrays.stream(p).filter(x -> !Double.isNaN(x)).count();
        boolean[] rejected = new boolean[p.length];
        for (int k = 0; k < m; k++) {
            int i = order[k];
            if (p[i] > alpha / (m - k)) break; // step down: the first acceptance stops all later rejections
            rejected[i] = true;
        }
        return rejected;
    }
}
