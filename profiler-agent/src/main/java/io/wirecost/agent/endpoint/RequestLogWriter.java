package io.wirecost.agent.endpoint;

import io.wirecost.agent.bridge.EndpointBridge;
import io.wirecost.attribution.RequestLog;
import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;

/**
 * Takes the requests the bridge buffered and writes them beside the recording that runs
 * ({@link RequestLog#beside}), from the agent's own daemon thread every {@link #PERIOD_MS} ms: request
 * threads only append to their own buffers. While nothing records the bridge buffers no request (those that end
 * across a start are dropped), so memory stays bounded by one period's requests. Opened when a recording starts, closed (after a last take) when
 * it stops, so the file holds what the recording's samples can be joined with.
 */
public final class RequestLogWriter implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger("io.wirecost.agent");
    static final long PERIOD_MS = 250;

    private final ScheduledExecutorService worker;
    private DataOutputStream out;
    private Path file;
    private final BitSet written = new BitSet();
    private long requests;

    public RequestLogWriter(java.util.concurrent.ThreadFactory threads) {
        EndpointBridge.recording(false); // until a recording opens
        worker = Executors.newSingleThreadScheduledExecutor(threads);
        worker.scheduleWithFixedDelay(this::take, PERIOD_MS, PERIOD_MS, TimeUnit.MILLISECONDS);
    }

    /** A recording starts into {@code recording}: requests from now on go beside it. */
    public synchronized void open(Path recording) {
        closeFile();
        EndpointBridge.drain(); // what came before belongs to no recording
        EndpointBridge.recording(true);
        Path target = RequestLog.beside(recording);
        try {
            DataOutputStream o = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(target), 1 << 16));
            o.writeInt(RequestLog.MAGIC);
            o.writeInt(RequestLog.VERSION);
            out = o;
            file = target;
            written.clear();
            requests = 0;
        } catch (IOException e) {
            LOG.warning("wirecost agent: no request log beside " + recording + ": " + e.getMessage());
        }
    }

    /** The recording stopped: the last requests are written and the file closed. */
    public synchronized void finish() {
        EndpointBridge.recording(false);
        take();
        closeFile();
    }

    private void closeFile() {
        if (out == null) return;
        try {
            out.close();
        } catch (IOException e) {
            LOG.warning("wirecost agent: request log " + file + " incomplete: " + e.getMessage());
        }
        out = null;
        file = null;
    }

    /** Requests written into the current file. */
    public synchronized long requests() {
        return requests;
    }

    synchronized void take() {
        List<long[]> taken = EndpointBridge.drain();
        if (out == null || taken.isEmpty()) return;
        try {
            for (long[] b : taken) {
                for (int i = 3; i < b.length; i += EndpointBridge.RECORD) {
                    int id = (int) b[i];
                    if (!written.get(id)) {
                        out.writeByte(RequestLog.ENDPOINT);
                        out.writeInt(id);
                        out.writeUTF(String.valueOf(EndpointBridge.name(id)));
                        written.set(id);
                    }
                }
                requests += write(b, false, RequestLog.REQUESTS);
                write(b, true, RequestLog.SEGMENTS);
            }
            out.flush();
        } catch (IOException | RuntimeException e) {
            LOG.warning("wirecost agent: request log " + file + " stopped: " + e.getMessage());
            closeFile();
        }
    }

    /** Writes the records of one thread's buffer that are (or are not) segments as one record of {@code type}. */
    private int write(long[] b, boolean segments, byte type) throws IOException {
        int n = 0;
        for (int i = 3; i < b.length; i += EndpointBridge.RECORD) if (segment(b[i]) == segments) n++;
        if (n == 0) return 0;
        out.writeByte(type);
        out.writeInt(n);
        for (int i = 0; i < b.length; i += EndpointBridge.RECORD) {
            if (segment(b[i + 3]) != segments) continue;
            out.writeLong(b[i]);
            out.writeLong(b[i + 1]);
            out.writeLong(b[i + 2]);
            out.writeInt((int) b[i + 3]);
        }
        return n;
    }

    private static boolean segment(long endpoint) {
        return (endpoint & EndpointBridge.SEGMENT) != 0;
    }

    @Override
    public void close() {
        EndpointBridge.recording(false);
        worker.shutdownNow();
        synchronized (this) {
            closeFile();
        }
    }
}
