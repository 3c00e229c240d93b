package io.wirecost.agent;

import io.prometheus.metrics.core.metrics.CounterWithCallback;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.core.metrics.MetricWithFixedMetadata;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Labels;
import io.wirecost.attribution.Category;
import io.wirecost.attribution.CategoryLabels;
import java.util.List;
import java.util.function.DoubleConsumer;
import java.util.function.DoubleSupplier;
import java.util.function.IntToLongFunction;

/**
 * The agent's families that take the same shape: the agent's constant labels (role and static labels), a name, a
 * help text, and values read when scraped, registered into one registry.
 */
final class Families {

    private final PrometheusRegistry registry;
    private final Labels constant;

    Families(PrometheusRegistry registry, Labels constant) {
        this.registry = registry;
        this.constant = constant;
    }

    void counter(String name, String help, DoubleSupplier value) {
        named(CounterWithCallback.builder().callback(cb -> ifKnown(value, cb::call)), name, help)
                .register(registry);
    }

    void gauge(String name, String help, DoubleSupplier value) {
        named(GaugeWithCallback.builder().callback(cb -> ifKnown(value, cb::call)), name, help)
                .register(registry);
    }

    /** A counter with one series per category of the rules, each read from {@code value} when scraped. */
    void perCategory(List<Category> categories, String name, String help, IntToLongFunction value) {
        named(CounterWithCallback.builder(), name, help)
                .labelNames(CategoryLabels.names())
                .callback(cb -> {
                    for (int i = 0; i < categories.size(); i++)
                        cb.call(value.applyAsLong(i), CategoryLabels.values(categories.get(i)));
                })
                .register(registry);
    }

    /** A figure below zero is one the source could not read: the series is left out of that scrape. */
    private static void ifKnown(DoubleSupplier value, DoubleConsumer out) {
        double v = value.getAsDouble();
        if (v >= 0) out.accept(v);
    }

    private <B extends MetricWithFixedMetadata.Builder<B, ?>> B named(B builder, String name, String help) {
        return builder.name(name).help(help).constLabels(constant);
    }
}
