package io.wirecost.attribution;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * An immutable attribution: middleware shares that sum to 100 %, and JVM-internal time reported apart
 * as a percent of all samples.
 *
 * @param events which samples were counted, e.g. {@code jdk.ExecutionSample (async-profiler cpu)}
 */
public record Attribution(List<CategoryShare> middleware, List<CategoryShare> jvm,
                          long middlewareSamples, long totalSamples, String events) {

    public Attribution {
        middleware = List.copyOf(middleware);
        jvm = List.copyOf(jvm);
        if (middlewareSamples > 0) {
            double sum = middleware.stream().mapToDouble(CategoryShare::percent).sum();
            if (Math.abs(sum - 100.0) > 1e-6) throw new IllegalArgumentException("middleware shares sum to " + sum);
        }
    }

    static Attribution of(List<Category> categories, long[] samples, String events) {
        long total = 0;
        long mw = 0;
        for (int i = 0; i < samples.length; i++) {
            total += samples[i];
            if (categories.get(i).isMiddleware()) mw += samples[i];
        }
        List<CategoryShare> middleware = new ArrayList<>();
        List<CategoryShare> jvm = new ArrayList<>();
        for (int i = 0; i < samples.length; i++) {
            Category c = categories.get(i);
            if (c.isMiddleware()) {
                middleware.add(new CategoryShare(c, samples[i], mw == 0 ? 0 : 100.0 * samples[i] / mw));
            } else {
                jvm.add(new CategoryShare(c, samples[i], total == 0 ? 0 : 100.0 * samples[i] / total));
            }
        }
        return new Attribution(middleware, jvm, mw, total, events);
    }

    public Optional<CategoryShare> share(String categoryName) {
        return middleware.stream().filter(s -> s.category().name().equals(categoryName)).findFirst()
                .or(() -> jvm.stream().filter(s -> s.category().name().equals(categoryName)).findFirst());
    }

    public double percent(String categoryName) {
        return share(categoryName).map(CategoryShare::percent).orElse(0.0);
    }

    /** Percent of all samples that are JVM-internal (GC, JIT, VM). */
    public double jvmPercent() {
        return totalSamples == 0 ? 0 : 100.0 * (totalSamples - middlewareSamples) / totalSamples;
    }
}
