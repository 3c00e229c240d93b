package io.wirecost.runner;

import java.util.List;

/**
 * Intervals that hold the move between the two parts of a scenario's measurement: the timed pass and the first
 * type measured again right after it ({@code facts.drift}). The batches' Student t interval sees only the spread
 * inside one stretch of time; a figure that moved while it was measured (the machine, the JIT) moves again by
 * the next run, and a second run on the same machine fell far outside it (rmi-ssl's CPU per call, issue 51).
 * The relative move between the parts, |ln(again / timed)|, is added in quadrature to every interval's relative
 * half-width, on a log scale, as a systematic component: it is shared by every type and role of the scenario, so
 * it is applied to each figure and to the geometric mean as they stand, never divided among the seven types the
 * geometric mean averages. The value stays the timed pass's; the batches kept stay as measured for the diff.
 */
final class PartSpread {

    private PartSpread() {}

    /** {@code e} with {@code relative} (0.05: 5 %) added in quadrature to its relative half-width. */
    static Estimate widen(Estimate e, double relative) {
        if (!e.known() || !(relative > 0) || !(e.value() > 0)) return e;
        double own = (Math.log(e.high()) - Math.log(e.low())) / 2;
        double half = Math.sqrt(own * own + Math.pow(Math.log1p(relative), 2));
        return new Estimate(e.value(), e.value() * Math.exp(-half), e.value() * Math.exp(half), e.df());
    }

    /** The relative move of {@code again} against {@code timed}: |again / timed - 1| on a log scale, 0 if unknown. */
    static double move(double timed, double again) {
        if (!(timed > 0) || !(again > 0)) return 0;
        return Math.expm1(Math.abs(Math.log(again / timed)));
    }

    static List<RttStatistics> rtt(List<RttStatistics> in, double relative) {
        return in.stream()
                .map(r -> new RttStatistics(
                        r.operation(),
                        r.meanMicros(),
                        r.stddevMicros(),
                        r.cvPercent(),
                        r.invocations(),
                        r.keptMicros(),
                        widen(r.interval(), relative)))
                .toList();
    }

    static List<CpuStatistics> cpu(List<CpuStatistics> in, double relative) {
        return in.stream()
                .map(c -> new CpuStatistics(
                        c.operation(),
                        c.role(),
                        widen(c.perCallMicros(), relative),
                        c.invocations(),
                        c.keptMicros(),
                        c.batchMicros()))
                .toList();
    }
}
