/**
 * {@code mechsym analyser}: the packet-analyser model of seed 002 ("allocate or pool buffers").
 *
 * <pre>
 *   source ──fill──> packet (1 KiB buffer) ──> internal FIFO (INTERNAL_QUEUE_SIZE live packets)
 *                                                   │ oldest out
 *                                                   v
 *                        processor: parse IPv4 + TCP/UDP headers (new Ipv4Address x2, new IpHeader)
 *                             │ 1 in 16 is TCP                     │ the rest
 *                             v                                    v
 *              store of STORED_COUNT slots, random replacement   released
 *                             │ evicted
 *                             v
 *                          released
 * </pre>
 *
 * <p>A {@link mechsym.tools.analyser.PacketStrategy} says where packets come from and go back to:
 * dummy (one packet reused), alloc, mix (a pool of MIX_POOL_SIZE that allocates when empty) or pool
 * (POOL_SIZE made up front), with heap buffers or slots of one off-heap slab. {@link
 * mechsym.tools.analyser.BatchRun} drives it as fast as it goes; {@link
 * mechsym.tools.analyser.RealTimeRun} drives it from an independent clock source process
 * ({@code native/clock_source.c}) through a memory-mapped queue ({@link
 * mechsym.tools.analyser.ClockQueue}) and counts lost sequence numbers. Everything here runs on one
 * thread, as the post's model does; the only cross-process state is the clock queue.
 */
package mechsym.tools.analyser;
