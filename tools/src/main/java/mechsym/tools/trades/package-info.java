/** {@code mechsym trades}: the trade table of the offheap-structures row, imported from CSV into a memory-mapped file and queried. */
package mechsym.tools.trades;
