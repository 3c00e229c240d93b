package io.wirecost.attribution;

/**
 * How a sample's stack maps to categories.
 *
 * <ul>
 *   <li>{@link #SELF}: the first matching rule from the leaf frame up claims the whole sample: where the
 *   CPU actually was. A sample counts once; middleware shares sum to 100 %. A leaf in
 *   {@code java.util.HashMap} under {@code sun.rmi.transport} counts as rmi-transport.</li>
 *   <li>{@link #INCLUSIVE}: a sample counts for every category claimed by any frame of its stack: the
 *   share of samples spent <em>under</em> a layer. A socket write under RMI transport under the
 *   harness counts for socket-write, rmi-transport and application alike; shares do not add up.</li>
 * </ul>
 */
public enum AttributionMode {
    SELF,
    INCLUSIVE
}
