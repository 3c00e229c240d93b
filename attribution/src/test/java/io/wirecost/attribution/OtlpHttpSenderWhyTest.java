package io.wirecost.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.net.ConnectException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Why a send failed, in the words of the outermost exception that has any. */
class OtlpHttpSenderWhyTest {

    @Test
    void theCausesWordsWhereTheOuterExceptionHasNone() {
        ConnectException refused = new ConnectException();
        refused.initCause(new IOException("Connection refused"));
        assertEquals("Connection refused", OtlpHttpSender.why(refused));
        assertEquals("connection refused", OtlpHttpSender.why(new ConnectException()));
        assertEquals("IOException", OtlpHttpSender.why(new IOException()));
    }

    /** Credentials in the endpoint's URL would go unsent, and into logs with the error: refused without repeating them. */
    @Test
    void credentialsInTheEndpointAreRefusedAndNotRepeated() {
        for (String endpoint : List.of("http://ci:s3cret@collector:4318", "https://token@collector:4318/base")) {
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> OtlpHttpSender.httpUri(endpoint));
            assertFalse(e.getMessage().contains("s3cret") || e.getMessage().contains("token"), e.getMessage());
        }
    }

    /** initCause refuses only the throwable itself as its cause: a chain of two that loops must not hang. */
    @Test
    void aCauseChainThatLoopsEnds() {
        IOException outer = new IOException();
        IOException inner = new IOException();
        outer.initCause(inner);
        inner.initCause(outer);
        assertEquals("IOException", assertTimeoutPreemptively(Duration.ofSeconds(5), () -> OtlpHttpSender.why(outer)));
    }
}
