package io.httpmodels.harness.results;

import java.util.List;

/**
 * The JVMs of a run: the one JDK, and the flags of the servers' JVMs and of the client's.
 *
 * @param jdk            the JDK that ran the client and the servers: vendor, version, VM
 * @param serverJvmFlags flags of every server model's JVM
 * @param clientJvmFlags flags of the harness JVM, which runs the load client
 */
public record Jvms(String jdk, List<String> serverJvmFlags, List<String> clientJvmFlags) {

    public Jvms {
        serverJvmFlags = serverJvmFlags == null ? List.of() : List.copyOf(serverJvmFlags);
        clientJvmFlags = clientJvmFlags == null ? List.of() : List.copyOf(clientJvmFlags);
    }
}
