package io.wirecost.runner;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.TreeSet;

/**
 * The TCP ports a process listens on, read from /proc (the process's socket inodes in /proc/PID/fd,
 * matched against LISTEN entries of /proc/PID/net/tcp and tcp6, its own network namespace's tables). It finds ports the scenario does not
 * announce, such as the anonymous port an RMI object is exported on.
 */
final class ListeningPorts {

    private ListeningPorts() {}

    static Set<Integer> of(long pid) throws IOException {
        Set<String> inodes = new HashSet<>();
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(Path.of("/proc", String.valueOf(pid), "fd"))) {
            for (Path fd : fds) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[")) inodes.add(target.substring(8, target.length() - 1));
                } catch (IOException e) {
                    // closed meanwhile
                }
            }
        }
        Set<Integer> ports = new TreeSet<>();
        // the process's own view: with --remote it lives in another network namespace
        for (String table : new String[] {"tcp", "tcp6"}) {
            Path p = Path.of("/proc", String.valueOf(pid), "net", table);
            if (!Files.exists(p)) continue;
            for (String line : Files.readAllLines(p)) {
                String[] f = line.trim().split("\\s+");
                // sl local_address rem_address st ... inode (field 9); st 0A = LISTEN
                if (f.length > 9 && f[3].equals("0A") && inodes.contains(f[9])) {
                    ports.add(Integer.parseInt(f[1].substring(f[1].lastIndexOf(':') + 1), 16));
                }
            }
        }
        return ports;
    }
}
