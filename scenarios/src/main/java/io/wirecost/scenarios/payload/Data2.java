package io.wirecost.scenarios.payload;

import java.io.Serializable;
import java.util.Arrays;

/** Seed 001's {@code Data2}: a long, four strings of varying length, eight doubles. */
public class Data2 implements Serializable {
    private static final long serialVersionUID = 1L;
    private long d1;
    private String[] d2;
    private double[] d3;

    public Data2() {}

    public Data2(long d1, String[] d2, double[] d3) {
        this.d1 = d1;
        this.d2 = d2;
        this.d3 = d3;
    }

    public long getD1() {
        return d1;
    }

    public void setD1(long d1) {
        this.d1 = d1;
    }

    public String[] getD2() {
        return d2;
    }

    public void setD2(String[] d2) {
        this.d2 = d2;
    }

    public double[] getD3() {
        return d3;
    }

    public void setD3(double[] d3) {
        this.d3 = d3;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Data2 d && d1 == d.d1 && Arrays.equals(d2, d.d2) && Arrays.equals(d3, d.d3);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * Long.hashCode(d1) + Arrays.hashCode(d2)) + Arrays.hashCode(d3);
    }
}
