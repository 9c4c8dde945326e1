package mechsym.core.memory;

import java.nio.file.Path;

/**
 * What the header of a record file says, read by {@link RecordStore#describe(Path)} without knowing
 * the layout in advance.
 *
 * @param path the file
 * @param formatVersion the file format version
 * @param form the storage form
 * @param layoutDescriptor the layout's {@linkplain RecordLayout#descriptor() descriptor}
 * @param fingerprint the layout's fingerprint
 * @param recordSize bytes per record
 * @param capacity the number of records the file has room for
 * @param count the published record count at the time of reading
 * @param fileSize the file's size in bytes (sparse: unwritten parts may take no disk space)
 */
public record RecordFileInfo(
        Path path,
        int formatVersion,
        StorageForm form,
        String layoutDescriptor,
        long fingerprint,
        long recordSize,
        long capacity,
        long count,
        long fileSize) {}
