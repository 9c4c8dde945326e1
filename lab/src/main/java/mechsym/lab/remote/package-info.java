/** The network rows' servers on another host: parsing {@code --remote...}, probing each server, reading peers and files bounded in time and size, and keeping a remote failure to the remote part. */
package mechsym.lab.remote;
