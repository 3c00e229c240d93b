package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * --remote: client and server JVMs in two network namespaces over a rate-limited veth pair (CI runs as
 * root, so this runs for real); the namespaces are gone afterwards. Without root, a one-line refusal.
 */
class RemoteIT {

    @TempDir
    Path dir;

    private static String netns() throws Exception {
        Process p = new ProcessBuilder("ip", "netns", "list")
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes());
        p.waitFor();
        return out;
    }

    @Test
    void scenariosRunBetweenTwoNamespaces() throws Exception {
        assertEquals("root", System.getProperty("user.name"), "CI runs as root; --remote creates network namespaces");
        Path out = dir.resolve("remote");
        assertEquals(
                0,
                Main.execute(
                        "run",
                        "--quick",
                        "--scenarios",
                        "tcp,rmi",
                        "--remote",
                        "--rate",
                        "100mbit",
                        "--out",
                        out.toString()));
        JsonNode r = new ObjectMapper().readTree(out.resolve("results.json").toFile());
        String network = r.get("run").get("network").asText();
        assertTrue(network.contains("veth") && network.contains("100mbit"), network);
        List<String> methods = new ArrayList<>();
        for (JsonNode s : r.get("scenarios")) {
            assertEquals("ok", s.get("status").asText(), s.get("error").asText());
            methods.add(s.get("message_sizes").get("method").asText());
        }
        assertTrue(
                methods.stream().allMatch(m -> m.startsWith("tcpdump on wcs")),
                "sizes captured on the veth: " + methods);
        String left = netns();
        assertTrue(!left.contains("wcs-") && !left.contains("wcc-"), "namespaces removed: " + left);
    }

    @Test
    void withoutRootItSaysSo() throws Exception {
        // the check reads user.name, so a JVM told it is someone else sees what a normal user sees
        Process p = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Duser.name=nobody",
                        "-cp",
                        System.getProperty("java.class.path"),
                        "io.wirecost.cli.Main",
                        "run",
                        "--quick",
                        "--remote",
                        "--out",
                        dir.resolve("nope").toString())
                .start();
        String err = new String(p.getErrorStream().readAllBytes()).strip();
        assertEquals(2, p.waitFor());
        assertEquals("wirecost: --remote needs root (it creates network namespaces)", err);
    }
}
