package io.wirecost.attribution;

/**
 * One JDK Mission Control rule's result on one recording.
 *
 * @param ruleId   JMC's rule id, e.g. {@code GcPauseRatio}
 * @param name     the rule's display name
 * @param severity {@link Severity} of the result
 * @param score    JMC's score, 0 to 100; negative when the rule gave none
 * @param summary  JMC's one-line summary, plain text
 */
public record RuleFinding(String ruleId, String name, Severity severity, double score, String summary) {

    /** JMC's severities, lowest first; {@code NA}: the recording lacks the events the rule needs. */
    public enum Severity {
        IGNORE,
        NA,
        OK,
        INFO,
        WARNING;

        /** Whether a rule saw something: INFO or WARNING. */
        public boolean flags() {
            return this == INFO || this == WARNING;
        }
    }

    public RuleFinding {
        if (ruleId == null || ruleId.isBlank()) throw new IllegalArgumentException("ruleId is empty");
        // JMC formats its messages with MessageFormat and leaves quotes doubled in plain text
        summary = summary == null
                ? ""
                : summary.replace("''", "'").replaceAll("\\s+", " ").strip();
    }
}
