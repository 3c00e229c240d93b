package io.wirecost.agent;

import java.util.concurrent.TimeUnit;

/**
 * {@code from=10s,to=40s}: records only that window of the JVM's life, measured from the agent's start
 * (JVM start-up). A JVM that exits inside the window has its recording completed by the exit hook; one
 * that exits before {@code from} leaves none.
 */
final class RecordingWindow {

    private RecordingWindow() {}

    static void schedule(ProfilerControl control, long fromNs, long toNs) {
        Thread t = new Thread(
                () -> {
                    try {
                        TimeUnit.NANOSECONDS.sleep(fromNs);
                        control.start("");
                        if (toNs == Long.MAX_VALUE) return;
                        TimeUnit.NANOSECONDS.sleep(toNs - fromNs);
                        control.stop();
                    } catch (InterruptedException e) {
                        // the JVM is exiting: its hook stops what runs
                    }
                },
                "wirecost-agent-window");
        t.setDaemon(true);
        t.start();
    }
}
