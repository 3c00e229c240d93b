package io.wirecost.scenarios;

import java.util.Map;
import java.util.function.Supplier;

/**
 * What a scenario's client and server sides share once running: their facts, read when the runner asks (counters
 * grow while they run), and what closing them releases.
 */
abstract class RunningSide implements AutoCloseable {

    private final Supplier<Map<String, String>> info;
    private final AutoCloseable onClose;

    RunningSide(Supplier<Map<String, String>> info, AutoCloseable onClose) {
        this.info = info;
        this.onClose = onClose;
    }

    public Map<String, String> info() {
        return info.get();
    }

    @Override
    public void close() throws Exception {
        onClose.close();
    }
}
