package io.wirecost.scenarios.files;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileTreesTest {

    @Test
    void deletesChildrenBeforeTheirParents(@TempDir Path tmp) throws Exception {
        Path root = tmp.resolve("root");
        Files.createDirectories(root.resolve("a/b"));
        Files.writeString(root.resolve("a/b/key.pem"), "x");
        Files.writeString(root.resolve("top.txt"), "y");

        FileTrees.delete(root);

        assertFalse(Files.exists(root));
        assertTrue(Files.exists(tmp), "only the named tree goes");
    }

    @Test
    void aMissingOrNullTreeIsNothingToDo(@TempDir Path tmp) throws Exception {
        FileTrees.delete(tmp.resolve("never-made"));
        FileTrees.delete(null);
        FileTrees.deleteQuietly(tmp.resolve("never-made"));
        assertTrue(Files.exists(tmp));
    }
}
