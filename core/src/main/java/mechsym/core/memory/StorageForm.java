package mechsym.core.memory;

/** How a {@link RecordStore} lays records out in memory; the flyweight API is the same for both. */
public enum StorageForm {
    /**
     * Array of structures: record after record, each {@link RecordLayout#recordSize()} bytes, like
     * an array of C structs. Best when a record is read or written whole.
     */
    ARRAY_OF_STRUCTURES,
    /**
     * Structure of arrays: one segment (column) per field, values of one field packed together.
     * Best for scans that read a few fields of many records: only those bytes cross the memory
     * bus.
     */
    COLUMNAR
}
