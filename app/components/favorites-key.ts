/** Where a visitor's favourites are kept on the device (a JSON list of product ids). */
export const FAVORITES_STORAGE_KEY = "favorites";
