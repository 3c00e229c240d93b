package io.wirecost.scenarios.http.proxy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.function.Consumer;

/**
 * Reads a child process's output line by line on a daemon thread, hands each line to a consumer and
 * keeps the last few for error messages. Draining is also what keeps the child from blocking on a
 * full pipe.
 */
final class OutputLines {

    private final Deque<String> last = new ArrayDeque<>();

    OutputLines(InputStream in, String threadName, Consumer<String> consumer) {
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    synchronized (last) {
                        if (last.size() == 5) last.removeFirst();
                        last.addLast(line);
                    }
                    consumer.accept(line);
                }
            } catch (IOException e) {
                // the process is gone
            }
        }, threadName);
        t.setDaemon(true);
        t.start();
    }

    String tail() {
        synchronized (last) {
            return String.join(" | ", last);
        }
    }
}
