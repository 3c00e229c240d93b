package io.wirecost.runner;

import java.nio.file.Path;
import java.util.Set;

/**
 * For {@link WireCaptureReaperTest}: starts a capture into {@code args[0]}, says "capturing", and waits
 * without ever closing it, as the runner's thread does when Ctrl-C ends the JVM mid-capture.
 */
public final class CaptureHolder {

    private CaptureHolder() {}

    public static void main(String[] args) throws Exception {
        WireCapture capture = WireCapture.start(Set.of(1), Path.of(args[0]), null);
        System.out.println("capturing " + capture);
        System.out.flush();
        Thread.sleep(60_000);
    }
}
