#ifndef CLOUPE_CURL_SHIM_H
#define CLOUPE_CURL_SHIM_H

#include <stddef.h>

#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>

/// The only interface Swift sees of libcurl. libcurl is loaded with dlopen on the first request,
/// not linked: it brings some thirty libraries (TLS, HTTP/2, IDN, Kerberos, LDAP...) whose
/// loading would otherwise add milliseconds to every start-up, including the commands that never
/// touch the network, and whose absence would stop them from starting at all.
///
/// curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic, which Swift cannot
/// call: the typed wrappers below are.

/// Size of the buffer `rdx_curl_load` writes its reason into.
#define LOUPE_CURL_MESSAGE_LENGTH 256

/// Loads libcurl and calls curl_global_init, once per process; later calls return the first
/// call's result. The library is `library` when given (a path or a soname), else libcurl.so.4,
/// else libcurl-gnutls.so.4. Returns 0 on success, else writes why into `message`. Not
/// thread-safe: its one caller (`CurlEngine`) calls it under a lock.
int rdx_curl_load(const char *library, char message[LOUPE_CURL_MESSAGE_LENGTH]);

// Everything below requires a successful rdx_curl_load.

CURL *rdx_curl_easy_init(void);
void rdx_curl_easy_cleanup(CURL *handle);
const char *rdx_curl_easy_strerror(CURLcode code);
CURLcode rdx_curl_set_long(CURL *handle, CURLoption option, long value);
CURLcode rdx_curl_set_off(CURL *handle, CURLoption option, curl_off_t value);
CURLcode rdx_curl_set_pointer(CURL *handle, CURLoption option, void *value);
CURLcode rdx_curl_set_string(CURL *handle, CURLoption option, const char *value);

typedef size_t (*rdx_curl_data_callback)(char *data, size_t size, size_t count, void *context);
CURLcode rdx_curl_set_callback(CURL *handle, CURLoption option, rdx_curl_data_callback value);

CURLcode rdx_curl_get_long(CURL *handle, CURLINFO info, long *value);
CURLcode rdx_curl_get_double(CURL *handle, CURLINFO info, double *value);
CURLcode rdx_curl_get_pointer(CURL *handle, CURLINFO info, void **value);

struct curl_slist *rdx_curl_slist_append(struct curl_slist *list, const char *text);
void rdx_curl_slist_free_all(struct curl_slist *list);

CURLM *rdx_curl_multi_init(void);
CURLMcode rdx_curl_multi_set_long(CURLM *multi, CURLMoption option, long value);
CURLMcode rdx_curl_multi_add_handle(CURLM *multi, CURL *handle);
CURLMcode rdx_curl_multi_remove_handle(CURLM *multi, CURL *handle);
CURLMcode rdx_curl_multi_perform(CURLM *multi, int *running);
CURLMsg *rdx_curl_multi_info_read(CURLM *multi, int *left);
CURLMcode rdx_curl_multi_poll(CURLM *multi, int timeout_ms);
CURLMcode rdx_curl_multi_wakeup(CURLM *multi);

#endif
