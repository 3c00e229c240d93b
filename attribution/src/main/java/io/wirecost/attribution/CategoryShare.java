package io.wirecost.attribution;

/**
 * One category's part of an attribution.
 *
 * @param percent percent of its group: of middleware samples for middleware categories (they sum to 100),
 *                of all samples for JVM-internal ones
 */
public record CategoryShare(Category category, long samples, double percent) {
}
