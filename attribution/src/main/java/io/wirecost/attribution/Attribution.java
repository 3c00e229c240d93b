package io.wirecost.attribution;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * An immutable attribution. In self mode middleware shares sum to 100 % and JVM-internal time is
 * reported apart as a percent of all samples; in inclusive mode every share is a percent of all samples.
 *
 * @param events which samples were counted, e.g. {@code async-profiler CPU samples: jdk.ExecutionSample=518}
 */
public record Attribution(
        List<CategoryShare> middleware,
        List<CategoryShare> jvm,
        long middlewareSamples,
        long totalSamples,
        String events,
        AttributionMode mode) {

    public Attribution {
        middleware = List.copyOf(middleware);
        jvm = List.copyOf(jvm);
        if (mode == AttributionMode.SELF && middlewareSamples > 0) {
            double sum = middleware.stream().mapToDouble(CategoryShare::percent).sum();
            if (Math.abs(sum - 100.0) > 1e-6) throw new IllegalArgumentException("middleware shares sum to " + sum);
        }
    }

    public Attribution(
            List<CategoryShare> middleware,
            List<CategoryShare> jvm,
            long middlewareSamples,
            long totalSamples,
            String events) {
        this(middleware, jvm, middlewareSamples, totalSamples, events, AttributionMode.SELF);
    }

    static Attribution of(List<Category> categories, Weights w, String events, AttributionMode mode) {
        long[] samples = w.samples();
        long total = w.total();
        long mw = 0;
        long jvmSamples = 0;
        double mwSquares = 0;
        for (int i = 0; i < samples.length; i++) {
            if (categories.get(i).isMiddleware()) {
                mw += samples[i];
                mwSquares += w.squares()[i];
            } else {
                jvmSamples += samples[i];
            }
        }
        // inclusive: a sample may count in several categories, so "middleware samples" are those with no JVM category
        long middlewareSamples = mode == AttributionMode.SELF ? mw : Math.max(0, total - jvmSamples);
        List<CategoryShare> middleware = new ArrayList<>();
        List<CategoryShare> jvm = new ArrayList<>();
        for (int i = 0; i < samples.length; i++) {
            Category c = categories.get(i);
            boolean ofMiddleware = mode == AttributionMode.SELF && c.isMiddleware();
            long base = ofMiddleware ? mw : total;
            CategoryShare share = w.unit()
                    ? CategoryShare.of(c, samples[i], base)
                    : CategoryShare.weighted(
                            c, samples[i], base, w.squares()[i], ofMiddleware ? mwSquares : w.totalSquares());
            (c.isMiddleware() ? middleware : jvm).add(share);
        }
        return new Attribution(middleware, jvm, middlewareSamples, total, events, mode);
    }

    public Optional<CategoryShare> share(String categoryName) {
        return middleware.stream()
                .filter(s -> s.category().name().equals(categoryName))
                .findFirst()
                .or(() -> jvm.stream()
                        .filter(s -> s.category().name().equals(categoryName))
                        .findFirst());
    }

    public double percent(String categoryName) {
        return share(categoryName).map(CategoryShare::percent).orElse(0.0);
    }

    /** Percent of all samples that are JVM-internal (GC, JIT, VM). */
    public double jvmPercent() {
        return totalSamples == 0 ? 0 : 100.0 * (totalSamples - middlewareSamples) / totalSamples;
    }
}
