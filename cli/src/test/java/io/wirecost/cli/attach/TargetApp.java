package io.wirecost.cli.attach;

import java.security.MessageDigest;

/**
 * A JVM to profile: hashes in a loop until its stdin closes (args: none) or for N milliseconds (args: N),
 * then prints {@code done} and exits 0. With {@code spawn N}, first starts N children of itself (the same
 * java, the same class path, 1500 ms each) and waits for them: a command that starts several JVMs.
 * With {@code rounds N}, hashes N rounds and exits: the same work every run, as a batch job does.
 * Prints {@code running} once main has begun: the JVM has its signal handlers by then, so it can be attached.
 */
public final class TargetApp {

    private static volatile boolean stop;

    public static void main(String[] args) throws Exception {
        if (args.length == 2 && args[0].equals("spawn")) {
            spawn(Integer.parseInt(args[1]));
            return;
        }
        long limit = args.length == 2 && args[0].equals("rounds") ? Long.parseLong(args[1]) : Long.MAX_VALUE;
        if (limit == Long.MAX_VALUE) {
            Runnable stopper =
                    args.length == 1 ? () -> sleepThenStop(Long.parseLong(args[0])) : TargetApp::readUntilEof;
            Thread t = new Thread(stopper);
            t.setDaemon(true);
            t.start();
        }
        System.out.println("running");
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        byte[] data = new byte[4096];
        long rounds = 0;
        while (!stop && rounds < limit) {
            data = md.digest(data.length == 32 ? new byte[4096] : data);
            rounds++;
        }
        System.out.println("done " + rounds);
    }

    private static void spawn(int n) throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        Process[] children = new Process[n];
        for (int i = 0; i < n; i++) {
            children[i] = new ProcessBuilder(
                            java, "-cp", System.getProperty("java.class.path"), TargetApp.class.getName(), "1500")
                    .inheritIO()
                    .start();
        }
        int failed = 0;
        for (Process p : children) failed += p.waitFor() == 0 ? 0 : 1;
        System.out.println("done children, failed " + failed);
        System.exit(failed == 0 ? 0 : 1);
    }

    private static void sleepThenStop(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            // stop now
        }
        stop = true;
    }

    private static void readUntilEof() {
        try {
            while (System.in.read() != -1) {
                // a line from the test means nothing; only the end of input stops the work
            }
        } catch (java.io.IOException e) {
            // stdin gone: stop as at EOF
        }
        stop = true;
    }
}
