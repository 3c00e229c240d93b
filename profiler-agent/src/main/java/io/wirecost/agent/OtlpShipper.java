package io.wirecost.agent;

import io.opentelemetry.proto.collector.profiles.v1development.ExportProfilesServiceRequest;
import io.wirecost.attribution.OtlpHttpSender;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Logger;

/**
 * Sends the agent's profiles from a daemon thread of its own, so that no window's reading and no host thread
 * ever waits on the Collector. Requests wait in a queue capped in bytes: when the Collector is down or slow
 * and the queue is full, the oldest waiting profile is dropped (fresh data is worth more than old), counted in
 * {@code wirecost_otlp_dropped_total{reason="queue_full"}}. A request the Collector refuses for good (a 4xx
 * other than 429, a partial success) is dropped as {@code rejected}; one it could not take for now (no
 * answer, 429, 502-504) stays at the head and is retried with a backoff up to {@link #MAX_BACKOFF_MS}, so
 * sending resumes when the Collector returns. Each condition is logged once, and once more when it clears.
 */
final class OtlpShipper {

    private static final Logger LOG = AgentLog.LOG;
    static final long MAX_BACKOFF_MS = 30_000;
    static final Set<String> REASONS = Set.of("queue_full", "rejected", "encode", "exit");

    /** How one request is sent: the HTTP sender in the agent, a stub's answers in tests of the queue alone. */
    interface Transport {
        OtlpHttpSender.Outcome send(ExportProfilesServiceRequest request) throws InterruptedException;
    }

    private final Transport transport;
    private final long capBytes;
    private final long firstBackoffMs;
    private final Deque<ExportProfilesServiceRequest> queue = new ArrayDeque<>();
    private long queuedBytes;
    private final Map<String, AtomicLong> dropped = new LinkedHashMap<>();
    private final AtomicLong sent = new AtomicLong();
    private final Set<String> logged = ConcurrentHashMap.newKeySet();
    private final Thread thread;
    private volatile boolean closed;

    OtlpShipper(Transport transport, long capBytes, long firstBackoffMs, AgentThreads threads) {
        this.transport = transport;
        this.capBytes = capBytes;
        this.firstBackoffMs = firstBackoffMs;
        for (String r : REASONS) dropped.put(r, new AtomicLong());
        thread = threads.factory("otlp").newThread(this::run);
        thread.start();
    }

    /** Queues one window's profile; never blocks: makes room by dropping the oldest. */
    void offer(ExportProfilesServiceRequest request) {
        int size = request.getSerializedSize();
        synchronized (this) {
            if (closed) return;
            if (size > capBytes) {
                drop(
                        "queue_full",
                        "a profile of " + size + " bytes is larger than otlp.queue (" + capBytes + " bytes)");
                return;
            }
            while (queuedBytes + size > capBytes && !queue.isEmpty()) {
                queuedBytes -= queue.pollFirst().getSerializedSize();
                drop(
                        "queue_full",
                        "the Collector does not keep up: oldest profiles dropped (otlp.queue=" + capBytes + " bytes)");
            }
            queue.addLast(request);
            queuedBytes += size;
            notifyAll();
        }
    }

    void encodeFailed(Throwable t) {
        drop("encode", "a profile could not be built: " + t);
    }

    private void drop(String reason, String message) {
        dropped.get(reason).incrementAndGet();
        once(reason, message);
    }

    private void once(String condition, String message) {
        if (logged.add(condition)) LOG.warning("wirecost agent: OTLP: " + message);
    }

    private void run() {
        long backoff = firstBackoffMs;
        while (!closed) {
            ExportProfilesServiceRequest next;
            synchronized (this) {
                while (queue.isEmpty() && !closed) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
                if (closed) return;
                next = queue.peekFirst();
            }
            OtlpHttpSender.Outcome o;
            try {
                o = transport.send(next);
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                o = new OtlpHttpSender.Outcome(0, true, "sending failed: " + e);
            }
            if (o.ok() && !o.message().contains("rejected")) {
                remove(next);
                sent.incrementAndGet();
                backoff = firstBackoffMs;
                if (logged.remove("unreachable") | logged.remove("status"))
                    LOG.info("wirecost agent: OTLP: sending again (" + o.message() + ")");
                logged.remove("queue_full");
            } else if (o.retryable()) {
                once(o.status() == 0 ? "unreachable" : "status", o.message() + "; retrying, profiles queue meanwhile");
                try {
                    Thread.sleep(backoff);
                } catch (InterruptedException e) {
                    return;
                }
                backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
            } else {
                remove(next);
                drop("rejected", o.message());
            }
        }
    }

    private synchronized void remove(ExportProfilesServiceRequest r) {
        if (queue.peekFirst() == r) {
            queue.pollFirst();
            queuedBytes -= r.getSerializedSize();
        }
        notifyAll(); // closeWithin waits for the queue to drain
    }

    long dropped(String reason) {
        return dropped.get(reason).get();
    }

    long sent() {
        return sent.get();
    }

    synchronized long queuedBytes() {
        return queuedBytes;
    }

    void close() {
        synchronized (this) {
            closed = true;
            notifyAll();
        }
        thread.interrupt();
    }

    /**
     * At exit: waits up to {@code waitMs} for the queued profiles to be sent (the one in flight among them), then
     * closes. Those still queued are dropped as {@code exit}, and one line says how many; returns that count.
     */
    int closeWithin(long waitMs) {
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(waitMs);
        int unsent;
        synchronized (this) {
            try {
                for (long left; !queue.isEmpty() && (left = end - System.nanoTime()) > 0; )
                    TimeUnit.NANOSECONDS.timedWait(this, left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            unsent = queue.size();
            queue.clear();
            queuedBytes = 0;
        }
        close();
        if (unsent > 0) {
            dropped.get("exit").addAndGet(unsent);
            AgentLog.warnAtExit("wirecost agent: OTLP: " + unsent + " profile" + (unsent == 1 ? "" : "s")
                    + " not sent at exit: the Collector did not take them within " + waitMs + " ms");
        }
        return unsent;
    }
}
