package io.wirecost.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ArtifactIndexTest {

    @TempDir
    Path tmp;

    @Test
    void mapsClassesByPackageAcrossRecordingsFirstFileWinning() throws Exception {
        Files.writeString(
                tmp.resolve("server.artifacts"),
                "\t/srv/classes\ncom.sun.xml.ws.api.pipe\tcom.sun.xml.ws:jaxws-rt:4.0.4\njava.lang\tjava.base\n");
        Files.writeString(
                tmp.resolve("client.artifacts"),
                "com.sun.xml.ws.api.pipe\tcom.sun.xml.ws:jaxws-rt:4.0.5\njava.rmi\tjava.rmi\n");
        ArtifactIndex index = ArtifactIndex.beside(List.of(tmp.resolve("server.jfr"), tmp.resolve("client.jfr")));
        assertEquals("com.sun.xml.ws:jaxws-rt:4.0.4", index.artifactOf("com.sun.xml.ws.api.pipe.Fiber"));
        assertEquals("java.base", index.artifactOf("java.lang.String"));
        assertEquals("java.rmi", index.artifactOf("java.rmi.Naming"));
        assertEquals("/srv/classes", index.artifactOf("Main")); // the default package
        assertEquals(ArtifactIndex.UNKNOWN, index.artifactOf("org.example.Gone"));
    }

    @Test
    void aRecordingWithoutItsFileIsOneLine() {
        RecordingException e =
                assertThrows(RecordingException.class, () -> ArtifactIndex.beside(List.of(tmp.resolve("app.jfr"))));
        assertTrue(e.getMessage().startsWith(tmp.resolve("app.jfr") + ": no app.artifacts beside it"), e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
    }
}
