// The slice of libcurl that wx's transport uses, made callable from Swift.
//
// curl_easy_setopt and curl_easy_getinfo are C variadic functions, which Swift cannot call;
// each argument type wx passes gets a typed `static inline` wrapper. Nothing here holds state.
#ifndef WX_CCURL_SHIM_H
#define WX_CCURL_SHIM_H

#include <curl/curl.h>

/// An option whose value is a `long` (timeouts, flags, limits).
static inline CURLcode wx_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

/// An option whose value is a `curl_off_t` (large sizes).
static inline CURLcode wx_curl_set_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

/// An option whose value is a C string; libcurl copies it.
static inline CURLcode wx_curl_set_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

/// An option whose value is an opaque pointer (callback user data).
static inline CURLcode wx_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

/// CURLOPT_HTTPHEADER takes a header list.
static inline CURLcode wx_curl_set_headers(CURL *handle, struct curl_slist *headers) {
    return curl_easy_setopt(handle, CURLOPT_HTTPHEADER, headers);
}

/// The body sink: called with each chunk; returning less than size * count aborts the transfer.
typedef size_t (*wx_curl_write_function)(char *data, size_t size, size_t count, void *context);

static inline CURLcode wx_curl_set_write_function(CURL *handle, wx_curl_write_function function) {
    return curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, function);
}

/// The progress hook: returning non-zero aborts the transfer (how cancellation reaches curl).
typedef int (*wx_curl_progress_function)(void *context, curl_off_t download_total,
                                         curl_off_t downloaded, curl_off_t upload_total,
                                         curl_off_t uploaded);

static inline CURLcode wx_curl_set_progress_function(CURL *handle,
                                                     wx_curl_progress_function function) {
    return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, function);
}

/// An info field of type `long` (the HTTP status).
static inline CURLcode wx_curl_get_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

/// An info field of type `curl_off_t` (Retry-After seconds, timings in microseconds).
static inline CURLcode wx_curl_get_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}

/// An info field that is a C string owned by the handle (Content-Type).
static inline CURLcode wx_curl_get_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}

/// The result code of a finished transfer, from the union inside CURLMsg.
static inline CURLcode wx_curl_message_result(CURLMsg *message) {
    return message->data.result;
}

#endif
