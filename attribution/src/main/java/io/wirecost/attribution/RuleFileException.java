package io.wirecost.attribution;

/** A rule file that cannot be used; the message names the file and the line. */
public final class RuleFileException extends RuntimeException {
    public RuleFileException(String source, int line, String problem) {
        super(source + ':' + line + ": " + problem);
    }
}
