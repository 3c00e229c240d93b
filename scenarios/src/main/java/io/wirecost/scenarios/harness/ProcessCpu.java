package io.wirecost.scenarios.harness;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * This JVM's CPU time (user + system of its threads: application, GC, VM) without the profiler agent's
 * and the JIT compiler's threads, read at the boundaries of every timed batch for the CPU cost per call.
 *
 * <p>Where from: {@code /proc/self/task/TID/schedstat}, whose first field is the thread's time on a CPU in
 * nanoseconds. {@code OperatingSystemMXBean.getProcessCpuTime()} would be simpler, but on Linux the JDK
 * computes it from {@code times()}, in 10 ms clock ticks: far too coarse for batches of a few
 * milliseconds (a first version gave 0, 10, 20 ... µs per call). Per thread, so that a thread which
 * ends between two readings loses only its CPU since the previous reading, not all it ever used.
 *
 * <p>The agent's threads are excluded by name: the agent names every thread it creates
 * {@code wirecost-agent-*}, JFR's start with {@code JFR }, and HotSpot gives Java threads their
 * names as native thread names ({@code comm}, cut to 15 characters, which still holds the prefix).
 * async-profiler's native sampling thread has no such name, which is one more reason the timed pass runs
 * without the profiler. Without {@code /proc} (not Linux) the reading falls back to the MXBean.
 */
final class ProcessCpu {

    private static final Path TASKS = Path.of("/proc/self/task");
    private static final java.lang.management.ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static Map<String, Long> previous;
    private static Map<String, Long> previousWait = new HashMap<>();
    private static long total;
    /** Nanoseconds this JVM's threads (the same ones) waited on a run queue for a CPU, as of the last reading. */
    private static long waitTotal;
    /** CPU this reader spent reading /proc, all readings so far: taken out of the count (see {@link #nanos}). */
    private static long readingCost;

    private static long lastReturned;
    private static long lastReadingCost;

    private ProcessCpu() {}

    /** A monotonic counter of this JVM's CPU nanoseconds without the agent's threads; -1 when unreadable. */
    static synchronized long nanos() {
        // The reading itself is work of this JVM: dozens of small files, costly before its code is
        // compiled. Part of it lands before the boundary and part after, whatever the order, so it would be
        // billed to the calls, in short batches as much as a fast scenario's whole server side. The calling thread's
        // own CPU clock (clock_gettime, exact to the
        // nanosecond and cheap) measures each reading's cost, and the total of them is taken out.
        long own0 = ownCpu();
        Map<String, Long> waits = new HashMap<>();
        Map<String, Long> now = threads(waits);
        if (now == null) return fallback();
        for (Map.Entry<String, Long> e : now.entrySet()) {
            long before = previous == null ? 0 : previous.getOrDefault(e.getKey(), 0L);
            total += Math.max(0, e.getValue() - before);
        }
        for (Map.Entry<String, Long> e : waits.entrySet()) {
            waitTotal += Math.max(0, e.getValue() - previousWait.getOrDefault(e.getKey(), 0L));
        }
        previous = now;
        previousWait = waits;
        long own1 = ownCpu();
        lastReadingCost = own0 >= 0 && own1 >= own0 ? own1 - own0 : 0;
        readingCost += lastReadingCost;
        // monotonic: the reading's cost is taken out when it is known, which may be a reading later than it was counted
        lastReturned = Math.max(lastReturned, total - readingCost);
        return lastReturned;
    }

    /**
     * A harness command that only reads the CPU (the server's {@code cpu}, between two batches) costs its
     * JVM more than the reading: the line read from stdin, the JSON reply. That work falls between two
     * readings, so it would be billed to the next batch; the command loop measures the command's whole
     * cost on its thread's clock and hands it here, to be taken out with the reading (counted once).
     */
    static synchronized void excludeCommand(long commandNanos) {
        if (commandNanos > lastReadingCost) readingCost += commandNanos - lastReadingCost;
        lastReadingCost = 0;
    }

    /** This thread's CPU nanoseconds (clock_gettime's thread clock); -1 where the JVM cannot tell. */
    static long ownCpu() {
        try {
            return THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : -1;
        } catch (UnsupportedOperationException e) {
            return -1;
        }
    }

    /**
     * Run-queue wait of this JVM's threads up to the last {@link #nanos} reading (schedstat's second
     * field): time a thread was ready to run but another process or thread held the CPU. A measure of
     * the contention the calls met, independent of the CPU they used: CPU per call itself rises under
     * contention (caches and TLBs refilled after every switch), so
     * a diff must know whether its two sides met the same (docs/ci-gate.md); -1 without /proc.
     */
    static synchronized long waitNanos() {
        return previous == null ? -1 : waitTotal;
    }

    /**
     * Each thread's {@code schedstat}, kept open and read again from offset 0 (a {@code /proc} file is generated
     * anew at every read), or null for a thread left out; its {@code comm} is read once, when the thread is first
     * seen. Opening and reading two files per thread at every reading, three times per batch, was a cost on the
     * CPU the calls are measured on; one read per thread takes a fraction of it.
     */
    private static final Map<String, FileChannel> SCHEDSTAT = new HashMap<>();

    private static final ByteBuffer BUFFER = ByteBuffer.allocate(256);

    /** CPU nanoseconds by thread id, agent threads left out, their run-queue waits into {@code waits}; null when /proc cannot be read. */
    private static Map<String, Long> threads(Map<String, Long> waits) {
        Map<String, Long> out = new HashMap<>();
        java.util.Set<String> seen = new java.util.HashSet<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
            for (Path task : tasks) {
                String tid = task.getFileName().toString();
                seen.add(tid);
                try {
                    if (!SCHEDSTAT.containsKey(tid)) {
                        boolean agent =
                                isAgent(Files.readString(task.resolve("comm")).trim());
                        SCHEDSTAT.put(tid, agent ? null : FileChannel.open(task.resolve("schedstat")));
                    }
                    FileChannel channel = SCHEDSTAT.get(tid);
                    if (channel == null) continue;
                    BUFFER.clear();
                    channel.read(BUFFER, 0);
                    String[] stat = new String(
                                    BUFFER.array(), 0, BUFFER.position(), java.nio.charset.StandardCharsets.US_ASCII)
                            .trim()
                            .split(" ");
                    out.put(tid, Long.parseLong(stat[0]));
                    if (stat.length > 1) waits.put(tid, Long.parseLong(stat[1]));
                } catch (IOException e) {
                    // the thread ended while being read: its last slice is lost, nothing else
                    forget(tid);
                }
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        for (String tid : new java.util.ArrayList<>(SCHEDSTAT.keySet())) if (!seen.contains(tid)) forget(tid);
        return out.isEmpty() ? null : out;
    }

    /** Closes what is kept open for a thread that has ended. */
    private static void forget(String tid) {
        FileChannel c = SCHEDSTAT.remove(tid);
        if (c == null) return;
        try {
            c.close();
        } catch (IOException e) {
            // nothing held but the descriptor, which close releases regardless
        }
    }

    private static long fallback() {
        long t = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
        return t < 0 ? -1 : t;
    }

    /**
     * Threads whose CPU is not the calls' cost: the agent's and JFR's, and the JIT compilers' (native names
     * {@code C1 CompilerThre}, {@code C2 CompilerThre}). Compilation is a one-time cost of the warm-up; a
     * short --quick warm-up on a loaded machine leaves C2 compiling during the timed pass, which would be
     * counted as per-call cost. GC threads stay: garbage is made per call.
     */
    static boolean isAgent(String threadName) {
        return threadName.startsWith("wirecost-agent-")
                || threadName.startsWith("JFR ")
                || threadName.startsWith("C1 Compiler")
                || threadName.startsWith("C2 Compiler");
    }
}
