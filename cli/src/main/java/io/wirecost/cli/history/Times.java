package io.wirecost.cli.history;

import io.wirecost.runner.UsageException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;

/** Times on the command line: 2026-12-01T21:08:07Z, 2026-12-01T22:08:07+01:00, 2026-12-01T21:08 or 2026-12-01 (UTC). */
final class Times {

    private Times() {}

    static Instant parse(String option, String text) {
        if (text == null) return null;
        try {
            return OffsetDateTime.parse(text).toInstant();
        } catch (DateTimeParseException e) {
            // not with an offset: the forms below are UTC
        }
        try {
            return LocalDateTime.parse(text).toInstant(ZoneOffset.UTC);
        } catch (DateTimeParseException e) {
            // not a date and time
        }
        try {
            return LocalDate.parse(text).atStartOfDay().toInstant(ZoneOffset.UTC);
        } catch (DateTimeParseException e) {
            throw new UsageException(
                    option + " must be a date or time such as 2026-12-01 or 2026-12-01T21:08:07Z, got '" + text + "'");
        }
    }

    /** For tables: to the second, UTC. */
    static String format(Instant t) {
        return t == null
                ? ""
                : t.truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString();
    }
}
