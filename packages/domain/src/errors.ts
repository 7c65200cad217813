/**
 * The error catalogue (spec 02 §8) as typed codes with their English texts. The server answers
 * `application/problem+json` bodies whose `code` is one of these; the portals translate by code.
 * The contract's `ErrorCode` enum (openapi/) must list exactly these keys; a test there checks it.
 */
import { fillPlaceholders } from "./placeholders";

export const errorMessages = {
  // Generic
  unexpected_error: "Unexpected error",
  unknown_error: "Unknown error",
  an_error_occurred: "An error occurred",
  no_data_found: "No data found",
  validation_failed: "Invalid field",
  field_required: "This field is required",
  fill_in_all_fields: "Please fill in all fields",
  not_found: "No data found",
  forbidden: "You are not allowed to do this",
  rate_limited: "Too many attempts, please wait a moment and try again",
  services_offline: "Services are offline",
  service_unavailable: "Services are offline",
  payload_too_large: "The file or request is too large",
  // Configuration lookup
  configuration_key_required: "Configuration key is required",
  configuration_key_not_found: 'Configuration key "{key}" not found',
  configuration_limit_reached: "A self-service account holds at most 3 assistants. Contact us to add more.",
  // Authentication and sessions
  authentication_required: "Authentication required",
  user_token_not_found: "User token not found",
  missing_token: "Missing token",
  invalid_token: "Invalid token",
  token_validation_failed: "Token validation failed",
  login_failed: "Login failed",
  invalid_credentials: "Invalid login credentials",
  account_inactive: "This account is disabled",
  password_update_failed: "Password update failed",
  passwords_do_not_match: "Passwords do not match",
  password_reset_failed: "Something went wrong.",
  account_exists: "This account already exists, try logging in",
  invalid_otp: "Invalid code, please check your email for the correct code.",
  language_required: "Please select a language",
  // Customers, configurations, data
  no_changes_detected: "No changes detected",
  no_configuration_selected: "No configuration selected.",
  customer_details_incomplete: "Please complete your customer details first",
  // Live socket
  socket_not_connected: "Socket is not connected!",
  // Support assistant embed
  no_script_content: "No script content returned. Please contact the provider.",
  chatbot_load_error: "Error loading chatbot: {message}",
  missing_config_or_environment: "Missing config ID or environment",
  // Training
  no_scrape_data: "No data received from scraping API",
  unexpected_response_format: "Unexpected response format",
  no_file_content: "No content extracted from the file.",
  unsupported_file_type: "Only .txt and .pdf files can be uploaded",
  articles_failed: "Articles failed",
  articles_not_indexed: "One or more articles could not be indexed",
  no_valid_text: "No valid text found",
  too_many_articles: "At most 10 articles can be indexed at once",
  too_many_urls: "At most 100 URLs can be scraped at once",
  // Onboarding URL check
  no_url_provided: "Please enter a URL.",
  invalid_domain: "The domain is invalid.",
  blocked_keyword: "The domain contains a blocked keyword.",
  domain_blocked: "This domain is blocked or not allowed.",
  domain_unreachable: "The domain was not found or is unreachable.",
  url_unsafe: "The URL was flagged as unsafe.",
  url_parse_error: "The URL could not be processed.",
  url_not_allowed: "This address cannot be fetched.",
  // The outbound client (an address a user typed, fetched by the server)
  url_credentials_not_allowed: "Addresses with a user name or password cannot be fetched. Remove them from the address.",
  url_port_not_allowed: "Only the standard ports can be fetched (80 for http, 443 for https). Remove the port from the address.",
  url_address_not_allowed: "This address leads to a private or reserved network and cannot be fetched. Use the website's public address.",
  url_too_many_redirects: "The address redirects too many times. Open it in a browser and use the address it ends on.",
  url_host_not_found: "The domain name could not be found. Check the address for typing errors.",
  url_connection_failed: "The website could not be reached. Check that the address is right and the site is online, then try again.",
  url_timeout: "The website took too long to answer. Try again later.",
  url_response_too_large: "The page or file at this address is too large. Use a smaller file or the address of a single page.",
  url_content_type_not_accepted: "The address does not lead to content that can be used here. Check that it points to the right page or file.",
  url_response_invalid: "The website sent an answer that could not be read. Try again later or use another address.",
  url_page_too_complex: "The page at this address nests its parts too deeply to be read. Use the address of another page of the site.",
  url_status_not_ok: "The website answered this address with an error (the page may not exist). Check the address in a browser.",
  // WordPress
  no_wordpress_url: "No WordPress URL provided.",
  no_configuration_id: "No Configuration ID provided.",
  indexed_pages_fetch_failed: "Failed to fetch indexed pages.",
  indexing_failed: "Indexing failed.",
  indexed_content_delete_failed: "Failed to delete indexed content.",
  // Images and design
  no_image_file: "No image file provided.",
  image_upload_failed: "Image upload failed.",
  missing_configuration_or_filename: "Missing configuration ID or filename",
  avatar_delete_failed: "Failed to delete avatar image.",
  design_save_failed: "Failed to save design.",
  no_settings_found: "No settings found",
  // Webshop
  no_webshop_credentials: "No webshop credentials found",
  // Subscription and payment
  subscription_cancel_failed: "Error canceling subscription",
  payment_timeout: "Payment was not completed in time. Please try again.",
  checkout_failed: "Failed to start the checkout session. Please try again later.",
  // Onboarding finalize
  onboarding_finalize_failed: "The assistant could not be finalised. Please try again.",
} as const;

export type ErrorCode = keyof typeof errorMessages;

export const errorCodes = Object.keys(errorMessages) as ErrorCode[];

/** Success texts of the catalogue, shared by toasts on both portals. */
export const successMessages = {
  data_saved: "Data saved successfully",
  data_deleted: "Data deleted successfully",
  design_saved: "Design saved successfully.",
  password_updated: "Password updated successfully",
  subscription_canceled: "Subscription canceled successfully",
  url_valid: "The URL is valid and safe.",
} as const;

/** Fills `{name}` placeholders of a catalogue text. */
export function formatErrorMessage(code: ErrorCode, values: Record<string, string> = {}): string {
  return fillPlaceholders(errorMessages[code], values);
}

/** A domain failure with a catalogue code; the server maps it to a problem body. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string = errorMessages[code],
    readonly status: number = 400,
    readonly fields?: { path: string; message: string }[],
  ) {
    super(message);
    this.name = "DomainError";
  }
}
