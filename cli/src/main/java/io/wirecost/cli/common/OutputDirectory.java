package io.wirecost.cli.common;

import io.wirecost.runner.UsageException;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Creates the directory an option names, or says in one line, naming the option, why it cannot be. */
public final class OutputDirectory {

    private OutputDirectory() {}

    public static Path create(String option, Path dir) {
        try {
            return Files.createDirectories(dir);
        } catch (FileAlreadyExistsException | java.nio.file.NotDirectoryException e) {
            throw new UsageException(option + " " + dir + ": a file stands where a directory is needed");
        } catch (FileSystemException e) {
            throw new UsageException(option + " " + dir + ": cannot create the directory"
                    + (e.getReason() == null ? "" : " (" + e.getReason() + ")"));
        } catch (IOException e) {
            throw new UsageException(option + " " + dir + ": cannot create the directory");
        }
    }
}
