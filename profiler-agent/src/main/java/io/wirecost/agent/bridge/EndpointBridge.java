package io.wirecost.agent.bridge;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Where the advice inlined into servlets and request handlers reports request boundaries. The advice runs
 * inside the host's classes and reaches this class through their class loader's parents (the system class
 * loader holds the agent's jar), so it uses nothing but the JDK and is never relocated.
 *
 * <p>A request is the outermost instrumented boundary on its thread: a servlet's {@code service}, a filter
 * chain, or a handler method called outside both. Inner boundaries only name it (a JAX-RS or Spring
 * handler gives the route template); nesting is counted per thread, so a servlet forwarding to another
 * records one request. At the outermost exit the request's interval is appended to its thread's buffer:
 * Java thread id, start and end in {@link System#nanoTime()} (the clock the profiler is started with, so
 * that samples and intervals join without conversion) and the endpoint's id. A writer thread of the agent
 * takes the buffers every few hundred milliseconds ({@link #drain}).
 *
 * <p>Some frameworks run one request in several callbacks, each a task of its own on an executor (gRPC: the call's
 * start, its messages, its half-close, its close). Each callback is a <em>segment</em> ({@link #enterSegment}): its
 * samples are the endpoint's, but only the one callback every call ends with counts the request. A segment's
 * record carries {@link #SEGMENT} in its endpoint field.
 *
 * <p>Every method is called from the host's request threads: none throws, blocks on more than its own
 * thread's buffer, or allocates in the steady state beyond a buffer that grows. Endpoint names are capped
 * ({@code endpoints.max}); later names count as {@link #OTHER}, so a route built from raw URLs cannot
 * grow the label set without bound.
 */
public final class EndpointBridge {

    /** Endpoint id of every name beyond the cap. */
    public static final int OTHER = 0;
    /** Endpoint id of a request no instrumentation named. */
    public static final int UNNAMED = 1;

    public static final String OTHER_NAME = "other";
    public static final String UNNAMED_NAME = "(no route)";
    /**
     * The endpoint of a request the container refused before any servlet ran (a path it serves to no servlet, such as
     * Tomcat's {@code /WEB-INF/}, or one it could not parse), whose error page is all that ran: it matched no route, and
     * its error page's own mapping ({@code /error}) would mix it with the requests a client sends there.
     */
    public static final String UNMATCHED_NAME = "(unmatched)";

    /** Set in a record's endpoint field for a segment: CPU of the endpoint's, but no request of its own. */
    public static final long SEGMENT = 1L << 32;

    /** Longs per request in a buffer: thread id, start, end, endpoint id (with {@link #SEGMENT} for a segment). */
    public static final int RECORD = 4;
    /** Beyond this many requests not yet taken by the writer, a thread drops (and counts) its requests. */
    private static final int MAX_BUFFERED = 1 << 16;

    private static volatile boolean enabled;
    /**
     * Whether a recording runs ({@code RequestLogWriter} opens and finishes it): between recordings a request costs
     * the advice and this read, and nothing is buffered only to be dropped. True until a writer says otherwise.
     */
    private static volatile boolean recording = true;

    private static final AtomicLong DROPPED = new AtomicLong();
    private static final ConcurrentLinkedQueue<State> THREADS = new ConcurrentLinkedQueue<>();
    private static final ThreadLocal<State> STATE = ThreadLocal.withInitial(EndpointBridge::register);

    /**
     * The request attribute in which the servlet advice leaves an asynchronous or failed request's endpoint id for its
     * re-dispatches and its error page ({@link #stash}); set only on requests that went asynchronous or failed (threw,
     * or answer 400 or above), and visible to the application as
     * any other attribute.
     */
    public static final String ATTRIBUTE = "io.wirecost.endpoint";

    /** Token of a boundary that records nothing: tracking off, or the agent failed inside the advice. */
    public static final int NONE = 0;

    private static final int NESTED = 1;
    private static final int OUTERMOST = 2;

    private EndpointBridge() {}

    /** Per thread: the open request and the buffer of completed ones. */
    private static final class State {
        final WeakReference<Thread> owner = new WeakReference<>(Thread.currentThread());
        final long threadId = Thread.currentThread().getId();
        int depth;
        long start;
        int endpoint;
        boolean counted;
        /**
         * The template of the sub-resource locators this thread's request went through ({@code /carts/{id}/items}), set
         * by {@link #locator} and cleared when a servlet opens a request or the request ends; null when none ran.
         */
        String prefix;

        long[] buffer = new long[64 * RECORD];
        int used;
    }

    private static State register() {
        State s = new State();
        THREADS.add(s);
        return s;
    }

    public static void enable(int maxNames) {
        EndpointNames.cap(maxNames);
        enabled = true;
    }

    public static void disable() {
        enabled = false;
    }

    /** A recording starts (true) or stops (false): requests are buffered only while one runs. */
    public static void recording(boolean on) {
        recording = on;
    }

    public static boolean enabled() {
        return enabled;
    }

    /** A request boundary is entered; the token goes to {@link #exit}. */
    public static int enter() {
        int token = open(true);
        if (token == OUTERMOST) STATE.get().prefix = null;
        return token;
    }

    private static int open(boolean counted) {
        if (!enabled || !recording) return NONE;
        State s = STATE.get();
        if (s.depth++ > 0) return NESTED;
        s.start = System.nanoTime();
        s.endpoint = UNNAMED;
        s.counted = counted;
        return OUTERMOST;
    }

    /**
     * A handler with a route template is entered: it names the open request if no handler has yet, or is a request of
     * its own. The first handler is the route the request matched; one it calls in the same thread (another resource
     * in-process, a client class implementing a resource's interface, whose methods inherit its routes) does not
     * rename it.
     */
    public static int enter(String route) {
        return enter(route, null);
    }

    /**
     * As {@link #enter(String)}, for a JAX-RS handler whose route without its class's path is {@code relative}
     * ({@code GET /{item}}): reached through sub-resource locators ({@link #locator}), it is named by their template
     * followed by {@code relative} ({@code GET /carts/{id}/items/{item}}), as JAX-RS matched it.
     */
    public static int enter(String route, String relative) {
        if (!enabled || !recording) return NONE;
        State s = STATE.get();
        String prefix = s.prefix; // a locator's: in this request, or just before it where no servlet opened one
        int token = open(true);
        if (token != NONE && s.endpoint == UNNAMED) {
            s.endpoint =
                    EndpointNames.id(prefix == null || relative == null ? route : JoinedRoutes.of(prefix, relative));
        }
        return token;
    }

    /**
     * A JAX-RS sub-resource locator is entered: its template ({@code /carts/{id}/items}, its class's path included)
     * prefixes the route of the handler the request reaches through it; a locator reached through another appends its
     * own path ({@code relative}) to the first's.
     */
    public static void locator(String template, String relative) {
        if (!enabled || !recording) return;
        State s = STATE.get();
        if (s.endpoint != UNNAMED && s.depth > 0) return; // named already: a call within the handler, not routing
        s.prefix = s.prefix == null ? template : JoinedRoutes.of(s.prefix, relative);
    }

    /**
     * A callback of a request that spans several (a gRPC call's start, message, half-close) is entered: it names
     * the open request, or is a segment of its own, whose samples are the endpoint's and which counts no request.
     */
    public static int enterSegment(String route) {
        int token = open(false);
        if (token != NONE) STATE.get().endpoint = EndpointNames.id(route);
        return token;
    }

    /** Whether the open request of this thread has a name yet (the servlet names it only when no handler did). */
    public static boolean named() {
        return !enabled || STATE.get().endpoint != UNNAMED;
    }

    /** Names the open request of this thread, if it has none yet. */
    public static void nameIfUnnamed(String route) {
        if (!enabled) return;
        State s = STATE.get();
        if (s.depth > 0 && s.endpoint == UNNAMED) s.endpoint = EndpointNames.id(route);
    }

    /** Whether {@code token} is the outermost boundary on its thread: the one that records its request at exit. */
    public static boolean outermost(int token) {
        return token == OUTERMOST;
    }

    /**
     * The open request of this thread is a container's re-dispatch of an asynchronous request (the Servlet API's
     * {@code DispatcherType.ASYNC}: the servlet called {@code AsyncContext.dispatch()}, as Spring MVC does for a
     * {@code Callable} or a {@code DeferredResult}): the client's request was counted by its first pass, so this one is
     * a segment, whose samples are the endpoint's and which counts no request. It takes the endpoint the first pass
     * left in the request's {@link #ATTRIBUTE} ({@link #stash}), if any, else it is named as a request would be.
     */
    public static void redispatched(Object stashed) {
        if (!enabled) return;
        State s = STATE.get();
        if (s.depth <= 0) return;
        s.counted = false;
        if (stashed instanceof Integer id && EndpointNames.given(id)) s.endpoint = id;
    }

    /**
     * The open request of this thread is an error page the container runs for a request no servlet ran first (the
     * Servlet API's {@code DispatcherType.ERROR} with no first pass on this thread): a request of its own, named
     * {@link #UNMATCHED_NAME} whatever handler the error page has, so that refused requests are one bounded endpoint.
     */
    public static void unmatched() {
        if (!enabled) return;
        State s = STATE.get();
        if (s.depth > 0) s.endpoint = EndpointNames.id(UNMATCHED_NAME);
    }

    /**
     * The endpoint of the open request of this thread, for the servlet advice to leave in {@link #ATTRIBUTE} when the
     * request goes asynchronous or fails, so that its re-dispatches and its error page (the Servlet API's {@code
     * DispatcherType.ERROR}, which a container runs after the servlet threw or called {@code sendError}, as Spring MVC
     * does for a {@code ResponseStatusException}) are segments of the same endpoint ({@link #redispatched}). An
     * attribute, not the request object: containers pool request objects, and a later request the container refuses
     * before any servlet runs may have the same one.
     * Boxed from the Integer cache for the default cap of endpoint names.
     */
    public static Integer stash() {
        return Integer.valueOf(STATE.get().endpoint);
    }

    /** Whether {@code token}'s request is open and still unnamed: the outermost servlet names it at exit. */
    public static boolean unnamed(int token) {
        return token != NONE && !named();
    }

    /**
     * The request attribute in which Spring MVC leaves the pattern its handler mapping matched
     * ({@code HandlerMapping.BEST_MATCHING_PATTERN_ATTRIBUTE}): a route template also for handlers no annotation names
     * (functional routes, Actuator's endpoints, static resources), which would otherwise all be the DispatcherServlet's
     * mapping.
     */
    public static final String SPRING_PATTERN = "org.springframework.web.servlet.HandlerMapping.bestMatchingPattern";

    /** Names the open request, if it has no name yet, by a framework's route template ({@link #SPRING_PATTERN}). */
    public static void nameRoute(String method, Object template) {
        String t = String.valueOf(template);
        nameIfUnnamed(method + " " + (t.startsWith("/") ? t : "/" + t));
    }

    /**
     * Names the open request by its servlet mapping's pattern, a template ({@code GET /shop/orders/*}), never by the
     * request's raw path; by the servlet path where there is no mapping (before Servlet 4). One piece for the javax and
     * jakarta advice, which can only read the request's fields in their own package's types.
     */
    public static void nameServlet(String method, String contextPath, String pattern, String servletPath) {
        String p = pattern != null ? pattern : servletPath;
        nameIfUnnamed(method + " " + contextPath + (p.startsWith("/") ? p : "/" + p));
    }

    /** A boundary exits: the outermost one on its thread ends its request and buffers it. */
    public static void exit(int token) {
        if (token == NONE) return;
        State s = STATE.get();
        if (--s.depth > 0 || token != OUTERMOST) {
            if (s.depth < 0) s.depth = 0;
            return;
        }
        s.prefix = null;
        long end = System.nanoTime();
        synchronized (s) {
            if (s.used == s.buffer.length) {
                if (s.used >= MAX_BUFFERED * RECORD) {
                    DROPPED.incrementAndGet();
                    return;
                }
                s.buffer = java.util.Arrays.copyOf(s.buffer, s.buffer.length * 2);
            }
            long[] b = s.buffer;
            int i = s.used;
            b[i] = s.threadId;
            b[i + 1] = s.start;
            b[i + 2] = end;
            b[i + 3] = s.counted ? s.endpoint : s.endpoint | SEGMENT;
            s.used = i + RECORD;
        }
    }

    /** The name of an endpoint id, or null for an id not given out. */
    public static String name(int id) {
        return EndpointNames.name(id);
    }

    /** Requests dropped because the writer did not take them in time (their thread's buffer was full). */
    public static long dropped() {
        return DROPPED.get();
    }

    /**
     * Takes every thread's completed requests: one array per thread with requests, each {@link #RECORD}
     * longs per request, filled to its length. Forgets threads that have ended.
     */
    public static List<long[]> drain() {
        List<long[]> out = new ArrayList<>();
        for (State s : THREADS) {
            long[] taken = null;
            synchronized (s) {
                if (s.used > 0) {
                    taken = java.util.Arrays.copyOf(s.buffer, s.used);
                    s.used = 0;
                }
            }
            if (taken != null) out.add(taken);
            else if (s.owner.get() == null) THREADS.remove(s);
        }
        return out;
    }
}
