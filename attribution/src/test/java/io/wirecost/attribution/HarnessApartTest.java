package io.wirecost.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scenario JVM's CPU by artifact: the harness's JSON (its command loop encoding a reply) is the harness's row, not
 * jackson-databind's, while the service's own Jackson calls stay jackson-databind's; the rule-free view keeps both.
 */
class HarnessApartTest {

    @TempDir
    Path dir;

    @Test
    void theHarnessJsonIsItsOwnRowAndTheServicesJsonStaysJacksons() throws Exception {
        Path recording = dir.resolve("tcp-client.collapsed");
        Files.writeString(
                recording,
                String.join(
                        "\n",
                        "java.lang.Thread.run;io.wirecost.scenarios.harness.CommandLoop.encode;"
                                + "com.fasterxml.jackson.databind.ObjectMapper.convertValue 30",
                        "java.lang.Thread.run;com.example.Service.handle;"
                                + "com.fasterxml.jackson.databind.ObjectMapper.writeValueAsString 10",
                        "java.lang.Thread.run;com.example.Service.handle 60",
                        ""));
        Files.writeString(
                ArtifactIndex.fileBeside(recording),
                String.join(
                        "\n",
                        "com.fasterxml.jackson.databind\tcom.fasterxml.jackson.core:jackson-databind:2.17.0",
                        "com.example\tapp.jar",
                        "io.wirecost.scenarios.harness\tio.wirecost:wirecost-scenarios:0.1.0",
                        "java.lang\tjava.base",
                        ""));

        Map<String, Double> apart = percents(PackageProfile.byArtifactHarnessApart(recording));
        assertEquals(
                Map.of(
                        PackageProfile.HARNESS_ROW,
                        30.0,
                        "com.fasterxml.jackson.core:jackson-databind:2.17.0",
                        10.0,
                        "app.jar",
                        60.0),
                apart);

        PackageProfile free = new PackageProfile(ArtifactIndex.beside(java.util.List.of(recording))::artifactOf);
        Recordings.read(recording, SampleMode.CPU, free);
        assertEquals(40.0, percents(free).get("com.fasterxml.jackson.core:jackson-databind:2.17.0"), 1e-9);
    }

    private static Map<String, Double> percents(PackageProfile p) {
        return p.top(Integer.MAX_VALUE).stream()
                .collect(Collectors.toMap(PackageProfile.Row::packageName, PackageProfile.Row::percent));
    }
}
