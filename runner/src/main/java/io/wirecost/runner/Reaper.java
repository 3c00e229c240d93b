package io.wirecost.runner;

import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * Things that must not outlive this JVM, stopped by one shutdown hook. Ctrl-C or SIGTERM ends the JVM through its
 * hooks without unwinding the threads still working, and those may start another process after the hook's sweep (CI
 * found a scenario's tcpdump left behind so): one watched after the hook has begun is stopped at once instead.
 *
 * @param <T> what is stopped: a process, a scenario JVM
 */
final class Reaper<T> {

    private final Set<T> live = ConcurrentHashMap.newKeySet();
    private final Consumer<Collection<T>> stop;
    /** Set once the hook has begun; guarded by {@link #live}. */
    private boolean stopping;

    /** {@code stop} ends each of the things given, waiting for them as it sees fit. */
    Reaper(String hookName, Consumer<Collection<T>> stop) {
        this.stop = stop;
        Runtime.getRuntime().addShutdownHook(new Thread(this::stopAll, hookName));
    }

    /** Stops {@code t} if this JVM stops first, at once if it is stopping already. */
    void watch(T t) {
        synchronized (live) {
            live.add(t);
            if (!stopping) return;
        }
        stop.accept(List.of(t));
    }

    /** {@code t} has ended or been stopped: nothing left to do for it. */
    void forget(T t) {
        live.remove(t);
    }

    private void stopAll() {
        synchronized (live) {
            stopping = true;
        }
        stop.accept(live);
    }
}
