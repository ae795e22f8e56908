// Settings (issue 14): the association's details and page texts, edited by the administrator.

export const settingsMessages = {
  associationNameRequired: 'The association name must be filled in!',
  associationNameOneLine: 'The association name must fit on one line.',
  registerUrlInvalid: 'The register link must be a web address starting with http:// or https://.',
  markdownHint:
    'Markdown: a blank line starts a new paragraph, "## " a heading, "- " a list item, and [words](address) a link.',
  senderNameOneLine: 'The sender name must fit on one line.',
  homeHeadingRequired: 'The Home page heading must be filled in!',
  homeHeadingOneLine: 'The Home page heading must fit on one line.',
  /** The heading every new site's Home page starts with (spec section 2's welcome heading). */
  defaultHomeHeading: 'Welcome to our allotments',
  senderNameHint: "The name members see the association's e-mails come from.",
  replyToHint:
    "Where members' replies go. Leave it empty for replies to go to the sending address.",
  committeeEmailHint:
    'Where enquiries from the Contact page and new waiting-list applications are sent.',
  settingsSaved: 'The settings were saved.',
  saveSettings: 'Save settings',
  // The logo and the Home page photo (issue 14).
  chooseImage: 'Choose a picture to upload.',
  oneImageOnly: 'Upload one picture at a time.',
  imageTooLarge: 'The picture is larger than 10 MB.',
  notAnImage: 'The file is not a picture this site can read: choose a JPEG, PNG, WebP or GIF.',
  imageTooManyPixels: 'The picture is too big to resize: at most 40 million pixels.',
  imageHint: 'A JPEG, PNG, WebP or GIF of at most 10 MB; it is stored resized.',
  photoDescriptionHint: 'What the photo shows, for visitors who cannot see it.',
  imageUploaded: 'The picture was uploaded.',
  imageRemoved: 'The picture was removed.',
  imageMissing: 'That picture does not exist.',
} as const
