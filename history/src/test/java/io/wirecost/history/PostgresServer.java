package io.wirecost.history;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real PostgreSQL server (Debian's package) for the tests: initdb into a temporary directory, then postgres on a
 * free loopback port. PostgreSQL refuses to run as root, so as root both run as 'nobody' (setpriv, as AttachIT does)
 * in a directory it owns.
 */
final class PostgresServer implements AutoCloseable {

    private final Path dir;
    private final Process server;
    private final int port;
    private int databases;

    private PostgresServer(Path dir, Process server, int port) {
        this.dir = dir;
        this.server = server;
        this.port = port;
    }

    static PostgresServer start() throws Exception {
        Path bin = binaries();
        Path dir = Files.createTempDirectory(
                "wirecost-pg", PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
        Path data = Files.createDirectory(dir.resolve("data"));
        boolean root = System.getProperty("user.name").equals("root");
        if (root) {
            UserPrincipalLookupService users = dir.getFileSystem().getUserPrincipalLookupService();
            Files.setOwner(data, users.lookupPrincipalByName("nobody"));
        }
        Files.setPosixFilePermissions(data, PosixFilePermissions.fromString("rwx------"));
        run(
                root,
                List.of(
                        bin.resolve("initdb").toString(),
                        "-D",
                        data.toString(),
                        "-U",
                        "wirecost",
                        "--auth=trust",
                        "-E",
                        "UTF8",
                        "--no-sync"),
                dir.resolve("initdb.log"));
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Process server = as(
                        root,
                        List.of(
                                bin.resolve("postgres").toString(),
                                "-D",
                                data.toString(),
                                "-p",
                                String.valueOf(port),
                                "-k",
                                data.toString(),
                                "-c",
                                "listen_addresses=127.0.0.1",
                                "-c",
                                "fsync=off"))
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("postgres.log").toFile())
                .start();
        PostgresServer pg = new PostgresServer(dir, server, port);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true) {
            try (Connection c = DriverManager.getConnection(pg.url("postgres"))) {
                return pg;
            } catch (SQLException e) {
                if (!server.isAlive() || System.nanoTime() > deadline) {
                    String log = Files.readString(dir.resolve("postgres.log"));
                    pg.close();
                    fail("PostgreSQL did not start: " + e.getMessage() + "\n" + log);
                }
                Thread.sleep(200);
            }
        }
    }

    /** Debian's newest installed server; without it the tests say why (and fail in CI, which installs it). */
    private static Path binaries() throws IOException {
        Path lib = Path.of("/usr/lib/postgresql");
        List<Path> found = new ArrayList<>();
        if (Files.isDirectory(lib)) {
            try (Stream<Path> s = Files.list(lib)) {
                s.map(p -> p.resolve("bin"))
                        .filter(p -> Files.isExecutable(p.resolve("postgres")))
                        .forEach(found::add);
            }
        }
        found.sort(Comparator.comparingInt(
                p -> Integer.parseInt(p.getParent().getFileName().toString().replaceAll("\\D", "0"))));
        String why = "PostgreSQL's server is not installed (Debian's package postgresql, in .ci/debian-packages)";
        if (found.isEmpty() && System.getenv("CI") != null) fail(why);
        assumeTrue(!found.isEmpty(), why);
        return found.get(found.size() - 1);
    }

    private static ProcessBuilder as(boolean root, List<String> command) {
        List<String> cmd = new ArrayList<>();
        if (root) cmd.addAll(List.of("setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"));
        cmd.addAll(command);
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().put("LC_ALL", "C");
        return pb;
    }

    private static void run(boolean root, List<String> command, Path log) throws Exception {
        Process p = as(root, command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            fail(command.get(0) + " failed:\n" + Files.readString(log));
        }
    }

    String url(String database) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + database + "?user=wirecost";
    }

    /** A new empty database on this server. */
    String freshDatabase() throws SQLException {
        String name = "history" + databases++;
        try (Connection c = DriverManager.getConnection(url("postgres"));
                Statement s = c.createStatement()) {
            s.executeUpdate("CREATE DATABASE " + name);
        }
        return url(name);
    }

    @Override
    public void close() throws Exception {
        server.destroy(); // SIGTERM: PostgreSQL's smart shutdown
        if (!server.waitFor(30, TimeUnit.SECONDS)) server.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }
}
