package io.wirecost.attribution;

/** A rule file that cannot be used; the message names the file and the line. */
public final class RuleFileException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public RuleFileException(String source, int line, String problem) {
        // line 0: the file as a whole (missing, unreadable), where a line number would mislead
        super(source + (line > 0 ? ":" + line : "") + ": " + problem);
    }
}
