package io.wirecost.runner;

import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/**
 * A file system failure in words a user reads: the JDK's {@code AccessDeniedException} and its kin carry only the
 * path as their message ({@code /proc/x.html}), which reads as if the path itself were the error.
 */
public final class FileErrors {

    private FileErrors() {}

    /** {@code FILE: REASON}, e.g. {@code /srv/out.html: permission denied}. */
    public static String describe(FileSystemException e) {
        String file = e.getFile() == null ? "a file" : e.getFile();
        return file + ": " + reason(e);
    }

    /** Why the operation failed, without the path. */
    public static String reason(FileSystemException e) {
        if (e.getReason() != null) return e.getReason();
        if (e instanceof AccessDeniedException) return "permission denied";
        if (e instanceof NoSuchFileException) return "no such file or directory";
        if (e instanceof FileAlreadyExistsException) return "already exists";
        if (e instanceof NotDirectoryException) return "not a directory";
        if (e instanceof DirectoryNotEmptyException) return "directory not empty";
        return e.getClass().getSimpleName();
    }
}
