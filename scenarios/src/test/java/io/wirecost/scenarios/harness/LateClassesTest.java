package io.wirecost.scenarios.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.server.UnicastRemoteObject;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The classes {@link LateClasses} loads are the ones RMI's connection reaper would load later: a real RMI call loop
 * in a fresh JVM, its reaper made to fire within the test ({@code sun.rmi.transport.connectionTimeout}), class
 * loading logged by the JVM itself.
 */
class LateClassesTest {

    @TempDir
    Path tmp;

    @Test
    void everyNameExistsOnThisJdk() {
        assertEquals(LateClasses.NAMES.size(), LateClasses.load(), "a renamed JDK class: " + LateClasses.NAMES);
    }

    /** Without the early load RMI's reaper loads ArrayList$ListItr once calls run: what the early load is for. */
    @Test
    void rmisReaperLoadsListItrMidRunWithoutThem() throws Exception {
        List<String> after = classesLoadedOnceCalling("none", tmp.resolve("none.log"));
        assertTrue(after.contains("java.util.ArrayList$ListItr"), "the reaper ran and loaded it: " + after);
    }

    @Test
    void afterThemRmisReaperLoadsNoneOfThem() throws Exception {
        List<String> after = classesLoadedOnceCalling("early", tmp.resolve("early.log"));
        for (String name : LateClasses.NAMES) assertTrue(!after.contains(name), name + " loaded mid-run: " + after);
    }

    /** Classes the probe JVM loaded from its first RMI call on, while its reaper fired every 200 ms. */
    private static List<String> classesLoadedOnceCalling(String mode, Path log) throws Exception {
        return ProbeJvm.linesBetween(
                        ReaperProbe.class,
                        List.of(
                                "-Dsun.rmi.transport.connectionTimeout=200",
                                "-Djava.rmi.server.hostname=127.0.0.1",
                                "-Xlog:class+load=info:stdout:none"),
                        List.of(mode),
                        ReaperProbe.MARK,
                        ReaperProbe.END,
                        log)
                .stream()
                .map(l -> l.split(" ")[0])
                .toList();
    }

    /** A remote object called over RMI's own transport from the same JVM (UnicastRef over loopback TCP). */
    public interface Echo extends Remote {
        int echo(int x) throws RemoteException;
    }

    /** {@code ReaperProbe early|none}: a mark, then RMI calls with pauses for 1.5 s while the reaper fires. */
    public static final class ReaperProbe implements Echo {
        static final String MARK = "CALLING";
        static final String END = "REAPER-DONE";

        @Override
        public int echo(int x) {
            return x;
        }

        public static void main(String[] args) throws Exception {
            if (args[0].equals("early")) LateClasses.load();
            System.out.println(MARK);
            System.out.flush();
            ReaperProbe impl = new ReaperProbe();
            Echo stub = (Echo) UnicastRemoteObject.exportObject(impl, 0);
            long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1500);
            // pauses leave the connection free when the reaper looks, as between a ping-pong's calls
            while (System.nanoTime() < end) {
                stub.echo(1);
                Thread.sleep(5);
            }
            System.out.println(END);
            System.out.flush();
            UnicastRemoteObject.unexportObject(impl, true);
            System.exit(0);
        }
    }
}
