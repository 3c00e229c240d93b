package io.wirecost.attribution;

/**
 * The fallback parser failed on a file of a format it takes: {@link RecordingReader} names the file's format in
 * the message, so a valid format no tool reads is told from a damaged file.
 */
final class ParserFailedException extends RecordingException {
    private static final long serialVersionUID = 1L;

    ParserFailedException(String file, String problem) {
        super(file, problem);
    }
}
