package io.wirecost.cli;

import java.nio.file.Path;
import java.util.List;

/**
 * What a recording's file name says, as {@code wirecost run} names its recordings: SCENARIO-ROLE.jfr, or
 * SCENARIO.rN-ROLE.jfr for repetitions. The role selects inputs ({@code --role}), the scenario decides the default
 * rules; both read the one naming convention, apart from how the inputs are listed and read.
 */
final class RecordingNames {

    private RecordingNames() {}

    /** The role a file's name implies, the part after its last dash; "" when it has none. */
    static String role(Path f) {
        String n = f.getFileName().toString().replaceFirst("\\.jfr$", "");
        int dash = n.lastIndexOf('-');
        return dash < 0 ? "" : n.substring(dash + 1);
    }

    /**
     * Named as {@code wirecost run} names its recordings, SCENARIO-ROLE.jfr (SCENARIO.rN-ROLE.jfr for repetitions),
     * or a scenario's name alone (collapsed stacks, gzip).
     */
    static boolean ofOwnScenario(Path file) {
        String name = file.getFileName().toString().replaceFirst("(\\.jfr)?(\\.gz)?$|\\.collapsed$|\\.txt$", "");
        List<String> scenarios = io.wirecost.scenarios.Scenarios.names();
        if (scenarios.contains(name)) return true;
        int dash = name.lastIndexOf('-');
        return dash > 0 && scenarios.contains(name.substring(0, dash).replaceFirst("\\.r[0-9]+$", ""));
    }
}
