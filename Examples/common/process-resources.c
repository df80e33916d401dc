#include "process-resources.h"

#include <dirent.h>
#include <stdio.h>

struct process_resources process_resources(void) {
    struct process_resources r = { -1, -1, -1 };
    DIR *fds = opendir("/proc/self/fd");
    if (fds) {
        long count = 0;
        for (struct dirent *entry; (entry = readdir(fds));) {
            if (entry->d_name[0] != '.') count++;
        }
        closedir(fds);
        r.descriptors = count - 1; /* less the one reading the folder */
    }
    FILE *status = fopen("/proc/self/status", "r");
    if (status) {
        char line[256];
        long anonymous = -1, file = -1, shared = -1;
        while (fgets(line, sizeof line, status)) {
            sscanf(line, "RssAnon: %ld", &anonymous);
            sscanf(line, "RssFile: %ld", &file);
            sscanf(line, "RssShmem: %ld", &shared);
        }
        fclose(status);
        if (anonymous >= 0 && shared >= 0) r.allocated_kib = anonymous + shared;
        if (anonymous >= 0 && file >= 0 && shared >= 0) r.resident_kib = anonymous + file + shared;
    }
    return r;
}

void print_cycles(int count, struct process_resources first, struct process_resources last) {
    printf("cycled %d descriptors %ld %ld resident-kib %ld %ld allocated-kib %ld %ld\n", count, first.descriptors, last.descriptors,
           first.resident_kib, last.resident_kib, first.allocated_kib, last.allocated_kib);
    fflush(stdout);
}
