package io.wirecost.scenarios.harness;

import java.util.List;

/**
 * JDK classes a scenario JVM would otherwise load first when a middleware timer fires, seconds into the timed pass;
 * both scenario JVMs load them before they compile anything.
 *
 * <p>Why: HotSpot compiles on the class hierarchy it has seen so far (class hierarchy analysis), and when a class
 * loads that breaks such an assumption, every compiled method that made it is thrown away and compiled again from
 * the lower tiers. RMI's client connection reaper ({@code sun.rmi.transport.tcp.TCPChannel}, every
 * {@code sun.rmi.transport.connectionTimeout}, 15 s) first walks its free list with {@code ArrayList.listIterator()}
 * 15 s after the first call, loading {@code ArrayList$ListItr}, a subclass of {@code ArrayList$Itr}: the client's
 * C2 code of {@code UnicastRef.invoke} was made not entrant. When the reaper is scheduled again
 * ({@code TCPChannel.free}, 30 s), the first signal to its waiting worker loads
 * {@code AbstractQueuedSynchronizer$ExclusiveNode}, and C2 methods of the HTTP tunnel's call path
 * ({@code ReentrantLock.unlock}, {@code HttpURLConnection.getInputStream0}, ...) went the same way. Both land in the
 * timed pass of http-to-port and http-to-servlet, and the type being measured then spread between its batches and
 * came out dearer than the others (docs/measurement.md, "The adaptive method"). A JVM that has served for a minute has loaded them, so loading them
 * first measures the steady state the papers' method asks for, without touching what the middleware does.
 *
 * <p>Found with a {@code jdk.ClassLoad} recording with stack traces and {@code -XX:+PrintCompilation}; the
 * {@code facts.timed_pass_classes_loaded} of results.json shows what is left. A name this JDK does not have is
 * skipped: the scenarios run on any JDK ({@code --java-home}).
 */
final class LateClasses {

    /** Binary names, each with the timer that would load it. */
    static final List<String> NAMES = List.of(
            // RMI's connection reaper, TCPChannel.freeCachedConnections, 15 s after the first call
            "java.util.ArrayList$ListItr",
            // the first Condition.signal with a waiter: the reaper scheduled again by TCPChannel.free
            "java.util.concurrent.locks.AbstractQueuedSynchronizer$ExclusiveNode");

    private LateClasses() {}

    /** Loads (without initialising) each of {@link #NAMES} this JDK has; returns how many it loaded or found. */
    static int load() {
        int found = 0;
        for (String name : NAMES) {
            try {
                Class.forName(name, false, ClassLoader.getSystemClassLoader());
                found++;
            } catch (ClassNotFoundException e) {
                // another JDK's internals: nothing of this name to load early
            }
        }
        return found;
    }
}
