#include "curl_shim.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

// libcurl's entry points, resolved once by rdx_curl_load.
static struct {
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *);
    const char *(*easy_strerror)(CURLcode);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_setopt)(CURLM *, CURLMoption, ...);
    CURLMcode (*multi_add_handle)(CURLM *, CURL *);
    CURLMcode (*multi_remove_handle)(CURLM *, CURL *);
    CURLMcode (*multi_perform)(CURLM *, int *);
    CURLMsg *(*multi_info_read)(CURLM *, int *);
    CURLMcode (*multi_poll)(CURLM *, struct curl_waitfd *, unsigned int, int, int *);
    CURLMcode (*multi_wakeup)(CURLM *);
} curl;

static int load_attempted;
static char load_error[LOUPE_CURL_MESSAGE_LENGTH];

#define RESOLVE(field, name)                                                                  \
    do {                                                                                      \
        *(void **)(&curl.field) = dlsym(library, name);                                       \
        if (curl.field == NULL) {                                                             \
            snprintf(load_error, sizeof load_error, "the libcurl found lacks %s (libcurl 7.68 " \
                     "or later is needed)", name);                                            \
            return;                                                                           \
        }                                                                                     \
    } while (0)

// Loaded here, not linked: linking costs every command 10 ms (`perf stat -r 40 [env LD_PRELOAD=libcurl.so.4] rickdex art Fixtures/avatars/1.jpeg`: 12–14 ms, 22–25 ms).
static void load(const char *chosen) {
    // The caller's library; else the OpenSSL build, else the GnuTLS one (Debian's
    // libcurl3-gnutls, which git depends on, has the same interface).
    if (chosen != NULL && chosen[0] == '\0') {
        chosen = NULL;
    }
    const char *names[] = {chosen ? chosen : "libcurl.so.4", chosen ? NULL : "libcurl-gnutls.so.4"};
    void *library = NULL;
    for (size_t index = 0; index < 2 && library == NULL && names[index] != NULL; index++) {
        library = dlopen(names[index], RTLD_NOW | RTLD_LOCAL);
        if (library == NULL && index == 0) {
            const char *reason = dlerror();
            snprintf(load_error, sizeof load_error, "%s", reason ? reason : "libcurl.so.4 cannot be loaded");
        }
    }
    if (library == NULL) {
        return;
    }
    load_error[0] = '\0';
    RESOLVE(global_init, "curl_global_init");
    RESOLVE(easy_init, "curl_easy_init");
    RESOLVE(easy_cleanup, "curl_easy_cleanup");
    RESOLVE(easy_strerror, "curl_easy_strerror");
    RESOLVE(easy_setopt, "curl_easy_setopt");
    RESOLVE(easy_getinfo, "curl_easy_getinfo");
    RESOLVE(slist_append, "curl_slist_append");
    RESOLVE(slist_free_all, "curl_slist_free_all");
    RESOLVE(multi_init, "curl_multi_init");
    RESOLVE(multi_setopt, "curl_multi_setopt");
    RESOLVE(multi_add_handle, "curl_multi_add_handle");
    RESOLVE(multi_remove_handle, "curl_multi_remove_handle");
    RESOLVE(multi_perform, "curl_multi_perform");
    RESOLVE(multi_info_read, "curl_multi_info_read");
    RESOLVE(multi_poll, "curl_multi_poll");
    RESOLVE(multi_wakeup, "curl_multi_wakeup");
    CURLcode code = curl.global_init(CURL_GLOBAL_DEFAULT);
    if (code != CURLE_OK) {
        snprintf(load_error, sizeof load_error, "curl_global_init failed: %s", curl.easy_strerror(code));
    }
}

int rdx_curl_load(const char *library, char message[LOUPE_CURL_MESSAGE_LENGTH]) {
    if (!load_attempted) {
        load_attempted = 1;
        load(library);
    }
    if (load_error[0] != '\0') {
        snprintf(message, LOUPE_CURL_MESSAGE_LENGTH, "%s", load_error);
        return 1;
    }
    return 0;
}

CURL *rdx_curl_easy_init(void) { return curl.easy_init(); }
void rdx_curl_easy_cleanup(CURL *handle) { curl.easy_cleanup(handle); }
const char *rdx_curl_easy_strerror(CURLcode code) { return curl.easy_strerror(code); }

CURLcode rdx_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl.easy_setopt(handle, option, value);
}
CURLcode rdx_curl_set_off(CURL *handle, CURLoption option, curl_off_t value) {
    return curl.easy_setopt(handle, option, value);
}
CURLcode rdx_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
    return curl.easy_setopt(handle, option, value);
}
CURLcode rdx_curl_set_string(CURL *handle, CURLoption option, const char *value) {
    return curl.easy_setopt(handle, option, value);
}
CURLcode rdx_curl_set_callback(CURL *handle, CURLoption option, rdx_curl_data_callback value) {
    return curl.easy_setopt(handle, option, value);
}

CURLcode rdx_curl_get_long(CURL *handle, CURLINFO info, long *value) {
    return curl.easy_getinfo(handle, info, value);
}
CURLcode rdx_curl_get_double(CURL *handle, CURLINFO info, double *value) {
    return curl.easy_getinfo(handle, info, value);
}
CURLcode rdx_curl_get_pointer(CURL *handle, CURLINFO info, void **value) {
    return curl.easy_getinfo(handle, info, value);
}

struct curl_slist *rdx_curl_slist_append(struct curl_slist *list, const char *text) {
    return curl.slist_append(list, text);
}
void rdx_curl_slist_free_all(struct curl_slist *list) { curl.slist_free_all(list); }

CURLM *rdx_curl_multi_init(void) { return curl.multi_init(); }
CURLMcode rdx_curl_multi_set_long(CURLM *multi, CURLMoption option, long value) {
    return curl.multi_setopt(multi, option, value);
}
CURLMcode rdx_curl_multi_add_handle(CURLM *multi, CURL *handle) { return curl.multi_add_handle(multi, handle); }
CURLMcode rdx_curl_multi_remove_handle(CURLM *multi, CURL *handle) {
    return curl.multi_remove_handle(multi, handle);
}
CURLMcode rdx_curl_multi_perform(CURLM *multi, int *running) { return curl.multi_perform(multi, running); }
CURLMsg *rdx_curl_multi_info_read(CURLM *multi, int *left) { return curl.multi_info_read(multi, left); }
CURLMcode rdx_curl_multi_poll(CURLM *multi, int timeout_ms) {
    return curl.multi_poll(multi, NULL, 0, timeout_ms, NULL);
}
CURLMcode rdx_curl_multi_wakeup(CURLM *multi) { return curl.multi_wakeup(multi); }
