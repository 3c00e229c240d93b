package io.wirecost.apps.clock;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;

/**
 * A shop's own ground truth: each route's requests and the CPU its requests' passes (the request, its asynchronous
 * re-dispatches, its error page) cost their threads, by each thread's CPU clock, printed as
 * {@code cpu-clock ROUTE REQUESTS MICROS} when the shop stops. A servlet filter in front of every pass calls
 * {@link #begin} and {@link #end}, keeping the route in a request attribute between passes.
 */
public final class RouteClock {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    /** The route the handler running on this thread named, for frameworks that keep their matched template to themselves. */
    private static final ThreadLocal<String> NAMED = new ThreadLocal<>();

    private final Map<String, LongAdder[]> routes = new ConcurrentSkipListMap<>();

    /** Names the running request's route, as its handler's templates say. */
    public static void name(String route) {
        NAMED.set(route);
    }

    /** Where a pass starts: its thread's CPU clock, with no route named yet. */
    public long begin() {
        NAMED.remove();
        return THREADS.getCurrentThreadCpuTime();
    }

    /**
     * Adds a pass that began at {@code start} to its route: {@code kept} is the route the request's first pass
     * found (its attribute), null in the first pass, which counts the request and takes its route from
     * {@code firstRoute}. Returns the route, for the filter to keep on the request.
     */
    public String end(Object kept, long start, Supplier<String> firstRoute) {
        long nanos = THREADS.getCurrentThreadCpuTime() - start;
        boolean first = kept == null;
        String route = first ? firstRoute.get() : (String) kept;
        NAMED.remove();
        LongAdder[] sums = routes.computeIfAbsent(route, r -> new LongAdder[] {new LongAdder(), new LongAdder()});
        if (first) sums[0].increment();
        sums[1].add(nanos);
        return route;
    }

    /** As {@link #end(Object, long, Supplier)}, the first pass's route being the one its handler {@link #name}d. */
    public String end(Object kept, long start) {
        String named = NAMED.get();
        return end(kept, start, () -> named == null ? "(unnamed)" : named);
    }

    /** Prints every route's requests and CPU microseconds, in route order. */
    public void print() {
        routes.forEach((route, sums) ->
                System.out.println("cpu-clock " + route + " " + sums[0].sum() + " " + sums[1].sum() / 1000));
        System.out.flush();
    }
}
